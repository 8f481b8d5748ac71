import nock from 'nock';

/** The base address the client tests talk to; nock answers it, nothing leaves the machine. */
export const BASE_URL = 'https://ctxopt.test';
export const API_KEY = 'sk-test-0123456789abcdef';

export interface RecordedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** One answer of the fake service: a response, a connection reset, or a response after a delay. */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  | { reset: true };

/**
 * Queues `replies` for `POST {BASE_URL}{path}`, one per request, and records each
 * request's headers and raw body bytes as the client sent them.
 */
export function fakeService(path: string, replies: Reply[]) {
  const requests: RecordedRequest[] = [];
  const scopes = replies.map((reply) => {
    const interceptor = nock(BASE_URL).post(path);
    const delayed =
      'delayMs' in reply && reply.delayMs ? interceptor.delay(reply.delayMs) : interceptor;
    return delayed.reply(async (request: Request) => {
      requests.push({
        path,
        headers: Object.fromEntries(request.headers.entries()),
        body: await request.text(),
      });
      if ('reset' in reply) {
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      }
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      return [reply.status, body, { 'content-type': 'application/json', ...reply.headers }];
    });
  });
  return { requests, done: () => scopes.every((scope) => scope.isDone()) };
}

const requestUsage = {
  inputTokens: 1200,
  compressedTokens: 300,
  savedTokens: 900,
  reductionPct: 75.0,
};

export function compressSuccess(overrides: Record<string, unknown> = {}) {
  return {
    success: true,
    requestId: 'req_compress_1',
    data: { compressed: 'short context' },
    compression: { status: 'compressed' },
    usage: {
      request: requestUsage,
      monthly: {
        limitTokens: 1_000_000,
        usedTokens: 1200,
        remainingTokens: 998_800,
        resetsAt: '2026-12-01T00:00:00.000Z',
      },
    },
    ...overrides,
  };
}

export function generateSuccess() {
  return {
    success: true,
    requestId: 'req_generate_1',
    data: { answer: 'Paris.' },
    compression: { status: 'compressed' },
    usage: {
      request: requestUsage,
      provider: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        inputTokens: 320,
        outputTokens: 4,
        totalTokens: 324,
      },
    },
  };
}

export function errorBody(code: string, message: string, requestId = 'req_error_1') {
  return { success: false, requestId, error: { code, message } };
}

export { useIsolatedNetwork } from '../../../../test/support/isolated-network.ts';
