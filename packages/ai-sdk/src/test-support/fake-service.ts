import nock from 'nock';
import { isolateNetwork as isolateEveryRequest } from '../../../../test/support/isolated-network.ts';
import './quiet-warnings.ts';

/** The base address the tests talk to through nock; nothing leaves the machine. */
export const BASE_URL = 'https://ctxopt.test';
export const API_KEY = 'sk-test-ai-sdk-0123456789abcdef';

export interface RecordedRequest {
  path: string;
  headers: Record<string, string>;
  /** The body exactly as sent, parsed. */
  body: unknown;
}

export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { reset: true };

/**
 * Queues one reply per request to `POST {BASE_URL}{path}` and records every request as
 * it went over the wire (headers and body).
 */
export function fakeService(path: '/v1/compress' | '/v1/generate', replies: Reply[]) {
  const requests: RecordedRequest[] = [];
  const scopes = replies.map((reply) =>
    nock(BASE_URL)
      .post(path)
      .reply(async (request: Request) => {
        requests.push({
          path,
          headers: Object.fromEntries(request.headers.entries()),
          body: JSON.parse(await request.text()),
        });
        if ('reset' in reply) {
          throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        }
        return [
          reply.status,
          JSON.stringify(reply.body ?? {}),
          { 'content-type': 'application/json', ...reply.headers },
        ];
      }),
  );
  return { requests, done: () => scopes.every((scope) => scope.isDone()) };
}

/** No interceptors left over and no way out to the network; returns the cleanup. */
export const isolateNetwork = () => isolateEveryRequest('nothing');

/** The request figures both endpoints report in the replies below. */
const requestUsage = {
  inputTokens: 1210,
  compressedTokens: 64,
  savedTokens: 1146,
  reductionPct: 94.71,
};

export function compressReply(compressed: string, overrides: Record<string, unknown> = {}) {
  return {
    status: 200,
    body: {
      success: true,
      requestId: 'req_compress_1',
      data: { compressed },
      compression: { status: 'compressed' },
      usage: {
        request: requestUsage,
        monthly: {
          limitTokens: 1_000_000,
          usedTokens: 1210,
          remainingTokens: 998_790,
          resetsAt: '2026-12-01T00:00:00.000Z',
        },
      },
      ...overrides,
    },
  };
}

export function generateReply(answer: string, provider = 'openai', model = 'gpt-4o-mini') {
  return {
    status: 200,
    body: {
      success: true,
      requestId: 'req_generate_1',
      data: { answer },
      compression: { status: 'compressed' },
      usage: {
        request: requestUsage,
        provider: { provider, model, inputTokens: 91, outputTokens: 7, totalTokens: 98 },
      },
    },
  };
}

export function errorReply(status: number, code: string, headers: Record<string, string> = {}) {
  return {
    status,
    headers,
    body: {
      success: false,
      requestId: `req_error_${status}`,
      error: { code, message: `${code} happened` },
    },
  };
}
