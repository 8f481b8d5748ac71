import type { CompressResponse, GenerateResponse } from '@ctxopt/core';
import nock from 'nock';
import { isolateNetwork as isolateEveryRequest } from '../../../../test/support/isolated-network.ts';

/** The base address the nock tests talk to; nothing leaves the machine. */
export const BASE_URL = 'https://ctxopt.test';
export const API_KEY = 'sk-test-langchain-0123456789';

/** One request as it reached the wire. */
export interface WireRequest {
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
}

export type Reply =
  | { status: number; body: unknown }
  | ((body: Record<string, unknown>) => { status: number; body: unknown });

/**
 * Answers `POST {BASE_URL}{path}` once per reply, in order, recording each request's
 * headers and JSON body exactly as the client sent them.
 */
export function fakeService(path: string, replies: Reply[]) {
  const requests: WireRequest[] = [];
  for (const reply of replies) {
    nock(BASE_URL)
      .post(path)
      .reply(async (request: Request) => {
        const body = JSON.parse(await request.text()) as Record<string, unknown>;
        requests.push({ path, headers: Object.fromEntries(request.headers.entries()), body });
        const answer = typeof reply === 'function' ? reply(body) : reply;
        return [answer.status, JSON.stringify(answer.body), { 'content-type': 'application/json' }];
      });
  }
  return { requests };
}

export function compressBody(
  compressed: string,
  options: { requestId?: string; status?: string; inputTokens?: number } = {},
): CompressResponse {
  const inputTokens = options.inputTokens ?? 400;
  const compressedTokens = Math.ceil(compressed.length / 4);
  return {
    success: true,
    requestId: options.requestId ?? 'req_compress_1',
    data: { compressed },
    compression: { status: options.status ?? 'compressed' },
    usage: {
      request: {
        inputTokens,
        compressedTokens,
        savedTokens: inputTokens - compressedTokens,
        reductionPct: Number((((inputTokens - compressedTokens) / inputTokens) * 100).toFixed(2)),
      },
      monthly: {
        limitTokens: 1_000_000,
        usedTokens: 5_000,
        remainingTokens: 995_000,
        resetsAt: '2026-12-01T00:00:00.000Z',
      },
    },
  };
}

export function generateBody(answer: string, requestId = 'req_generate_1'): GenerateResponse {
  return {
    success: true,
    requestId,
    data: { answer },
    compression: { status: 'compressed' },
    usage: {
      request: { inputTokens: 900, compressedTokens: 300, savedTokens: 600, reductionPct: 66.67 },
      provider: {
        provider: 'openai',
        model: 'gpt-4o-mini',
        inputTokens: 320,
        outputTokens: 12,
        totalTokens: 332,
      },
    },
  };
}

export function errorBody(code: string, message: string, requestId = 'req_error_1') {
  return { success: false, requestId, error: { code, message } };
}

/** No interceptors left over and no way out to the network; returns the cleanup. */
export const isolateNetwork = () => isolateEveryRequest('nothing');

/** Client options for a test against the fake service. */
export const clientOptions = { apiKey: API_KEY, baseURL: BASE_URL, maxRetries: 0 } as const;
