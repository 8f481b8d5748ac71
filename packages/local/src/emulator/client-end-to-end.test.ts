import {
  APIUserAbortError,
  AuthenticationError,
  ContextOptimizerClient,
  IdempotencyConflictError,
  RateLimitError,
  ResponseValidationError,
} from '@ctxopt/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Emulator, type EmulatorOptions, startEmulator } from '../index.ts';
import { LONG_CONTEXT } from './testing/send.ts';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function setup(options: EmulatorOptions = {}, clientOptions: { timeout?: number } = {}) {
  emulator = await startEmulator(options);
  const client = new ContextOptimizerClient({
    apiKey: emulator.apiKey,
    baseURL: emulator.url,
    // Retries go at once: the tests are about what reaches the server, not about backoff.
    sleep: async () => {},
    ...clientOptions,
  });
  return { emulator, client };
}

const params = { context: LONG_CONTEXT, query: 'What is the capital of France?' };

describe('ContextOptimizerClient against the emulator', () => {
  it('compresses over real HTTP and sees the requestId the emulator logged', async () => {
    const { emulator, client } = await setup();
    const result = await client.compress(params);
    expect(result.success).toBe(true);
    expect(result.data.compressed).toContain('Paris is the capital of France');
    expect(result.requestId).toBe(emulator.requests[0]!.requestId);
    expect(result.usage.monthly.usedTokens).toBe(result.usage.request.inputTokens);
  });

  it('retries an injected 503 with the same Idempotency-Key and is charged once', async () => {
    const { emulator, client } = await setup();
    emulator.faults.failNext(1, { status: 503 });
    const result = await client.compress(params);
    const [failed, succeeded] = emulator.requests;
    expect([failed!.status, succeeded!.status]).toEqual([503, 200]);
    expect(succeeded!.idempotencyKey).toBe(failed!.idempotencyKey);
    expect(result.requestId).toBe(succeeded!.requestId);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(result.usage.request.inputTokens);
  });

  it('retries a dropped connection with the same key', async () => {
    const { emulator, client } = await setup();
    emulator.faults.dropNext(1);
    await client.compress(params);
    expect(emulator.requestCount).toBe(2);
    const [dropped, answered] = emulator.requests;
    expect(dropped!.status).toBeNull();
    expect(answered!.idempotencyKey).toBe(dropped!.idempotencyKey);
  });

  it('after a timeout, the retry meets the stored answer: same requestId, charged once', async () => {
    // The timeout leaves the retry room to be answered on a loaded machine; the first
    // answer is held far longer.
    const { emulator, client } = await setup({}, { timeout: 1_000 });
    emulator.faults.delayNext(1, 30_000);
    const result = await client.compress(params);
    expect(emulator.requestCount).toBe(2);
    const replay = emulator.requests.find((request) => request.replayed);
    expect(replay?.requestId).toBe(result.requestId);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
  });

  it('replays an operation sent twice with one key: same requestId, no second charge', async () => {
    const { emulator, client } = await setup();
    const first = await client.compress(params, { idempotencyKey: 'order-1234-compress' });
    const second = await client.compress(params, { idempotencyKey: 'order-1234-compress' });
    expect(second).toEqual(first);
    expect(emulator.requests[1]!.replayed).toBe(true);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
  });

  it('gets IdempotencyConflictError for a changed body under the same key, without a retry', async () => {
    const { emulator, client } = await setup();
    await client.compress(params, { idempotencyKey: 'order-5678-compress' });
    const failure = await client
      .compress({ ...params, level: 'ultra' }, { idempotencyKey: 'order-5678-compress' })
      .catch((error) => error);
    expect(IdempotencyConflictError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
    expect(failure.requestId).toBe(emulator.requests[1]!.requestId);
    expect(emulator.requestCount).toBe(2);
  });

  it('gets RateLimitError quota_exceeded once the quota is used up, without a retry', async () => {
    const { emulator, client } = await setup({ limitTokens: 100 });
    await client.compress(params);
    const failure = await client.compress(params).catch((error) => error);
    expect(RateLimitError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 429, code: 'quota_exceeded' });
    expect(emulator.requestCount).toBe(2);
  });

  it('stops at once when the caller aborts', async () => {
    const { emulator, client } = await setup();
    emulator.faults.delayNext(1, 5000);
    const controller = new AbortController();
    const pending = client
      .compress(params, { signal: controller.signal })
      .catch((error: unknown) => error);
    // Abort once the emulator holds the request, not after a fixed delay: on a loaded
    // machine a timer can fire before the request has left.
    await vi.waitFor(() => expect(emulator.requestCount).toBe(1), { timeout: 10_000 });
    const aborted = performance.now();
    controller.abort();
    const failure = await pending;
    expect(APIUserAbortError.isInstance(failure)).toBe(true);
    // The delayed answer would take 5 s: the abort ends the call long before.
    expect(performance.now() - aborted).toBeLessThan(2000);
    expect(emulator.requestCount).toBe(1);
  });

  it('reports a 200 that is not JSON as ResponseValidationError', async () => {
    const { emulator, client } = await setup();
    emulator.faults.malformedNext();
    const failure = await client.compress(params).catch((error) => error);
    expect(ResponseValidationError.isInstance(failure)).toBe(true);
  });

  it('gets AuthenticationError for a wrong key, and the key appears nowhere in it', async () => {
    const { emulator } = await setup();
    const wrongKey = 'ctxopt_dev_wrong_key_123456';
    const client = new ContextOptimizerClient({ apiKey: wrongKey, baseURL: emulator.url });
    const failure = await client.compress(params).catch((error) => error);
    expect(AuthenticationError.isInstance(failure)).toBe(true);
    expect(failure.code).toBe('invalid_api_key');
    expect(`${failure.message} ${JSON.stringify(failure)}`).not.toContain(wrongKey);
  });

  it('generates with the offline provider over real HTTP', async () => {
    const { client } = await setup();
    const result = await client.generate({ ...params, provider: 'openai', model: 'gpt-4o-mini' });
    expect(result.data.answer).toBe(
      'Based on the context: Paris is the capital of France and its largest city.',
    );
    expect(result.usage.provider).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
  });
});
