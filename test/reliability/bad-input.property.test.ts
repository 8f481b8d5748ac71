import { ContextOptimizerClient, errorResponseSchema, RequestValidationError } from '@ctxopt/core';
import { type Emulator, startEmulator } from '@ctxopt/local';
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obeysCompressContract, obeysGenerateContract } from './contract-rules.ts';
import { anyBody, nearContractBody } from './request-arbitraries.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ limitTokens: 1_000_000_000 });
});
afterAll(() => emulator.close());

const runs = process.env.CTXOPT_SOAK ? 2000 : 150;

/** POSTs `body` to the emulator as it is, past the client's checks, with the emulator's API key. */
function postRaw(path: string, body: string, idempotencyKey: string) {
  return request(`${emulator.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${emulator.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
    },
    body,
  });
}

describe('the client never sends a body the contract forbids', () => {
  for (const operation of ['compress', 'generate'] as const) {
    it(`${operation}: arbitrary params are refused before I/O or sent valid`, async () => {
      const client = new ContextOptimizerClient({
        apiKey: emulator.apiKey,
        baseURL: emulator.url,
        maxRetries: 0,
      });
      const obeys = operation === 'compress' ? obeysCompressContract : obeysGenerateContract;
      await fc.assert(
        fc.asyncProperty(anyBody, async (params) => {
          const before = emulator.requestCount;
          const outcome = await client[operation](params as never).then(
            () => 'sent' as const,
            (error: unknown) => error,
          );
          if (outcome === 'sent') {
            // The emulator accepted it, and the spec's own rules agree it was valid.
            expect(obeys(JSON.parse(JSON.stringify(params)))).toBe(true);
            expect(emulator.requestCount).toBe(before + 1);
          } else if (RequestValidationError.isInstance(outcome)) {
            expect(obeys(params)).toBe(false);
            expect(emulator.requestCount).toBe(before);
            expect(outcome.issues.length).toBeGreaterThan(0);
          } else {
            // Anything else must be a typed answer from the server, never a crash.
            expect(outcome).toHaveProperty('status');
            expect((outcome as { status: number }).status).toBeLessThan(500);
          }
        }),
        { numRuns: runs },
      );
    });
  }
});

describe('the emulator answers any body with a success or a 4xx in the error shape', () => {
  for (const path of ['/v1/compress', '/v1/generate']) {
    it(`${path}: never a 5xx, never a crash`, async () => {
      let key = 0;
      await fc.assert(
        fc.asyncProperty(anyBody, fc.boolean(), async (body, asText) => {
          const payload =
            typeof body === 'string' && asText ? body : (safeStringify(body) ?? String(body));
          const response = await postRaw(path, payload, `fuzz-${process.pid}-${key++}`);
          const text = await response.body.text();
          const json = JSON.parse(text);
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(errorResponseSchema.safeParse(json).success).toBe(true);
            expect(json.requestId).toEqual(expect.any(String));
          } else {
            expect(json.success).toBe(true);
          }
        }),
        { numRuns: runs },
      );
      // Still serving after all of it.
      const client = new ContextOptimizerClient({ apiKey: emulator.apiKey, baseURL: emulator.url });
      await expect(client.compress({ context: 'still here' })).resolves.toMatchObject({
        success: true,
      });
    });
  }

  it('validates exactly as the client does on near-contract bodies', async () => {
    await fc.assert(
      fc.asyncProperty(nearContractBody, async (body) => {
        const response = await postRaw(
          '/v1/compress',
          JSON.stringify(body),
          `near-${Math.random().toString(36).slice(2)}-${Date.now()}`,
        );
        await response.body.text();
        expect(response.statusCode === 200).toBe(obeysCompressContract(body));
      }),
      { numRuns: runs },
    );
  });
});

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
