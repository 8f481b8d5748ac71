import { Agent } from 'undici';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ContextOptimizerClient } from './client.ts';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  IdempotencyConflictError,
  InternalServerError,
  RateLimitError,
} from './errors.ts';
import {
  API_KEY,
  BASE_URL,
  compressSuccess,
  errorBody,
  fakeService,
  type Reply,
  useIsolatedNetwork,
} from './test-support/fake-service.ts';
import { startLoopbackService } from './test-support/loopback-service.ts';

useIsolatedNetwork();

/** A client whose waits are recorded instead of slept, so no test really waits. */
function recordingClient(
  options: { timeout?: number; maxRetries?: number; baseURL?: string } = {},
) {
  const waits: number[] = [];
  const client = new ContextOptimizerClient({
    apiKey: API_KEY,
    baseURL: BASE_URL,
    ...options,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { client, waits };
}

/** Late answers go through a real loopback server: nock cannot deliver a reply after an abort. */
async function loopback(replies: Reply[]) {
  const service = await startLoopbackService(replies);
  onTestFinished(() => service.close());
  return service;
}

const unavailable = { status: 503, body: errorBody('unavailable', 'Try again.') };
const ok = { status: 200, body: compressSuccess() };

describe('retries', () => {
  it('retries a 503 with the same Idempotency-Key and the same body bytes', async () => {
    const service = fakeService('/v1/compress', [unavailable, unavailable, ok]);
    const { client, waits } = recordingClient();
    const result = await client.compress({ context: 'history', query: 'q', mode: 'balanced' });
    expect(result.requestId).toBe('req_compress_1');
    expect(service.requests).toHaveLength(3);
    const keys = new Set(service.requests.map((request) => request.headers['idempotency-key']));
    const bodies = new Set(service.requests.map((request) => request.body));
    expect(keys.size).toBe(1);
    expect(bodies.size).toBe(1);
    // Exponential backoff with jitter: 0.5 s then 1 s, each up to 25% shorter.
    expect(waits[0]).toBeGreaterThanOrEqual(375);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThanOrEqual(750);
    expect(waits[1]).toBeLessThanOrEqual(1000);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const service = fakeService('/v1/compress', [unavailable, unavailable, unavailable]);
    const { client } = recordingClient({ maxRetries: 2 });
    const error = await client.compress({ context: 'x' }).catch((caught: unknown) => caught);
    expect(InternalServerError.isInstance(error)).toBe(true);
    expect(service.requests).toHaveLength(3);
  });

  it('retries a timed-out attempt, then succeeds', async () => {
    // The first answer never comes in time; the timeout leaves the second attempt, a new
    // connection, room to finish on a loaded machine (at 100 ms it once timed out too).
    const service = await loopback([{ ...ok, delayMs: 30_000 }, ok]);
    const { client } = recordingClient({ timeout: 1_000, baseURL: service.url });
    const result = await client.compress({ context: 'x' });
    expect(result.success).toBe(true);
    expect(service.requests).toHaveLength(2);
    expect(service.requests[0]!.headers['idempotency-key']).toBe(
      service.requests[1]!.headers['idempotency-key'],
    );
  });

  it('throws APIConnectionTimeoutError when every attempt times out', async () => {
    const service = await loopback([{ ...ok, delayMs: 30_000 }]);
    const { client } = recordingClient({ timeout: 30, maxRetries: 0, baseURL: service.url });
    const error = await client.compress({ context: 'x' }).catch((caught: unknown) => caught);
    expect(APIConnectionTimeoutError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('POST /v1/compress timed out after 30 ms.');
  });

  it("reports the dispatcher's own header timeout as APIConnectionTimeoutError", async () => {
    const service = await loopback([{ ...ok, delayMs: 30_000 }]);
    const dispatcher = new Agent({ headersTimeout: 100 });
    onTestFinished(() => dispatcher.close());
    const client = new ContextOptimizerClient({
      apiKey: API_KEY,
      baseURL: service.url,
      dispatcher,
      maxRetries: 0,
    });
    const error = await client.compress({ context: 'x' }).catch((caught: unknown) => caught);
    expect(APIConnectionTimeoutError.isInstance(error)).toBe(true);
  });

  it('retries a reset connection', async () => {
    const service = fakeService('/v1/compress', [{ reset: true }, ok]);
    const { client } = recordingClient();
    await expect(client.compress({ context: 'x' })).resolves.toMatchObject({ success: true });
    expect(service.requests).toHaveLength(2);
  });

  it('surfaces a connection failure as APIConnectionError once retries run out', async () => {
    fakeService('/v1/compress', [{ reset: true }]);
    const { client } = recordingClient({ maxRetries: 0 });
    const error = await client.compress({ context: 'x' }).catch((caught: unknown) => caught);
    expect(APIConnectionError.isInstance(error)).toBe(true);
  });

  it('never retries a 409 and reports the requestId', async () => {
    const service = fakeService('/v1/compress', [
      { status: 409, body: errorBody('idempotency_key_reused', 'Key reused.', 'req_409') },
    ]);
    const { client } = recordingClient();
    const error = await client.compress({ context: 'x' }).catch((caught: unknown) => caught);
    expect(IdempotencyConflictError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 409, requestId: 'req_409' });
    expect(service.requests).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 422])('never retries a %i', async (status) => {
    const service = fakeService('/v1/compress', [{ status, body: errorBody('bad', 'No.') }, ok]);
    const { client } = recordingClient();
    await expect(client.compress({ context: 'x' })).rejects.toMatchObject({ status });
    expect(service.requests).toHaveLength(1);
  });

  it('retries a 429 after the Retry-After the server gives', async () => {
    const service = fakeService('/v1/compress', [
      {
        status: 429,
        body: errorBody('rate_limited', 'Slow down.'),
        headers: { 'retry-after': '3' },
      },
      ok,
    ]);
    const { client, waits } = recordingClient();
    await client.compress({ context: 'x' });
    expect(waits).toEqual([3000]);
    expect(service.requests).toHaveLength(2);
  });

  it('honours retry-after-ms before retry-after', async () => {
    fakeService('/v1/compress', [
      {
        status: 429,
        body: errorBody('rate_limited', 'Slow down.'),
        headers: { 'retry-after-ms': '250', 'retry-after': '3' },
      },
      ok,
    ]);
    const { client, waits } = recordingClient();
    await client.compress({ context: 'x' });
    expect(waits).toEqual([250]);
  });

  it('fails a 429 at once when the server does not say when', async () => {
    const service = fakeService('/v1/compress', [
      { status: 429, body: errorBody('rate_limited', 'Slow down.') },
      ok,
    ]);
    const { client, waits } = recordingClient();
    const error = await client.compress({ context: 'x' }).catch((caught: unknown) => caught);
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(waits).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });

  it('fails a 429 at once when Retry-After is past the 60 s cap', async () => {
    const service = fakeService('/v1/compress', [
      {
        status: 429,
        body: errorBody('quota_exceeded', 'Quota.'),
        headers: { 'retry-after': '3600' },
      },
      ok,
    ]);
    const { client, waits } = recordingClient();
    await expect(client.compress({ context: 'x' })).rejects.toMatchObject({ status: 429 });
    expect(waits).toEqual([]);
    expect(service.requests).toHaveLength(1);
  });
});

describe('abort', () => {
  it('aborts mid-flight with APIUserAbortError and does not retry', async () => {
    const service = await loopback([{ ...ok, delayMs: 2000 }, ok]);
    const { client } = recordingClient({ baseURL: service.url });
    const controller = new AbortController();
    const pending = client.compress({ context: 'x' }, { signal: controller.signal });
    const error = pending.catch((caught: unknown) => caught);
    // Abort once the server holds the request, not after a fixed delay: on a loaded machine
    // a timer can fire before the request has left.
    await vi.waitFor(() => expect(service.requests).toHaveLength(1), { timeout: 10_000 });
    controller.abort();
    expect(APIUserAbortError.isInstance(await error)).toBe(true);
    expect(service.requests).toHaveLength(1);
  });

  it('aborts during the wait between retries', async () => {
    const service = fakeService('/v1/compress', [unavailable, ok]);
    const controller = new AbortController();
    const client = new ContextOptimizerClient({ apiKey: API_KEY, baseURL: BASE_URL });
    const error = client
      .compress({ context: 'x' }, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    // Abort once the first attempt has reached the service, not after a fixed delay that a
    // loaded machine may outrun in either direction. Polling every 5 ms lands before the
    // retry, whose backoff is at least 375 ms: timers fire in the order they are due.
    await vi.waitFor(() => expect(service.requests).toHaveLength(1), {
      timeout: 10_000,
      interval: 5,
    });
    controller.abort();
    expect(APIUserAbortError.isInstance(await error)).toBe(true);
    expect(service.requests).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const service = fakeService('/v1/compress', [ok]);
    const { client } = recordingClient();
    const error = await client
      .compress({ context: 'x' }, { signal: AbortSignal.abort() })
      .catch((caught: unknown) => caught);
    expect(APIUserAbortError.isInstance(error)).toBe(true);
    expect(service.requests).toHaveLength(0);
  });
});
