import { type Emulator, startEmulator } from '@ctxopt/local';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdempotencyStore } from './idempotency-store.ts';
import { LONG_CONTEXT, send } from './testing/send.ts';
import { startSlowProvider } from './testing/slow-provider.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function emulatorWith(options: Parameters<typeof startEmulator>[0] = {}): Promise<Emulator> {
  const emulator = await startEmulator(options);
  cleanups.push(() => emulator.close());
  return emulator;
}

const body = { context: LONG_CONTEXT, query: 'What is the capital of France?' };

describe('the same Idempotency-Key with the same body', () => {
  it('replays the stored answer byte for byte, with the same requestId, charged once', async () => {
    const emulator = await emulatorWith();
    const first = await send(emulator, { idempotencyKey: 'replay-key-0001', body });
    const second = await send(emulator, { idempotencyKey: 'replay-key-0001', body });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['request-id']).toBe(first.json.requestId);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(first.json.usage.request.inputTokens);
    expect(emulator.requests.map((request) => request.replayed)).toEqual([false, true]);
  });

  it('runs a request that arrives while the first is still running only once', async () => {
    const provider = await startSlowProvider({ delayMs: 300 });
    cleanups.push(() => provider.close());
    const emulator = await emulatorWith({
      providerKeys: { openai: 'sk-test-slow' },
      providerBaseURLs: { openai: provider.url },
    });
    const generate = { ...body, provider: 'openai', model: 'gpt-4o-mini' };
    const options = { path: '/v1/generate', idempotencyKey: 'concurrent-0001', body: generate };
    const [first, second] = await Promise.all([send(emulator, options), send(emulator, options)]);
    expect(provider.received).toHaveLength(1);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json.requestId).toBe(first.json.requestId);
    expect(second.text).toBe(first.text);
    const replays = [first, second].map((answer) => answer.headers['idempotent-replayed']);
    expect(replays.sort()).toEqual(['true', undefined]);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
  });

  it('does not store a failed provider call: a retry with the same key calls the provider again', async () => {
    const provider = await startSlowProvider({
      delayMs: 0,
      status: 500,
      body: { error: { message: 'The server had an error', type: 'server_error' } },
    });
    cleanups.push(() => provider.close());
    const emulator = await emulatorWith({
      providerKeys: { openai: 'sk-test-failing' },
      providerBaseURLs: { openai: provider.url },
    });
    const options = {
      path: '/v1/generate',
      idempotencyKey: 'retry-after-502',
      body: { ...body, provider: 'openai', model: 'gpt-4o-mini' },
    };
    const first = await send(emulator, options);
    const second = await send(emulator, options);
    expect(first.status).toBe(502);
    expect(second.status).toBe(502);
    expect(second.json.requestId).not.toBe(first.json.requestId);
    expect(provider.received).toHaveLength(2);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(0);
  });
});

describe('concurrent requests with one Idempotency-Key whose run fails', () => {
  it('all get the first run’s failure: the provider is called once, not once each in turn', async () => {
    const provider = await startSlowProvider({
      delayMs: 200,
      status: 500,
      body: { error: { message: 'The server had an error', type: 'server_error' } },
    });
    cleanups.push(() => provider.close());
    const emulator = await emulatorWith({
      providerKeys: { openai: 'sk-test-failing' },
      providerBaseURLs: { openai: provider.url },
    });
    const options = {
      path: '/v1/generate',
      idempotencyKey: 'shared-failure-01',
      body: { ...body, provider: 'openai', model: 'gpt-4o-mini' },
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(emulator, options)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(502));
    expect(answers.map((answer) => answer.json.error.code)).toEqual(
      Array(10).fill('provider_error'),
    );
    expect(provider.received).toHaveLength(1);
    // A failure is not stored: the next request with the key runs again.
    expect((await send(emulator, options)).status).toBe(502);
    expect(provider.received).toHaveLength(2);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(0);
  });
});

describe('the same Idempotency-Key with a different body', () => {
  it('answers 409 idempotency_key_reused and runs nothing', async () => {
    const emulator = await emulatorWith();
    await send(emulator, { idempotencyKey: 'conflict-key-01', body });
    const changed = await send(emulator, {
      idempotencyKey: 'conflict-key-01',
      body: { ...body, level: 'ultra' },
    });
    expect(changed.status).toBe(409);
    expect(changed.json.error).toMatchObject({
      code: 'idempotency_key_reused',
      field: 'Idempotency-Key',
    });
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
  });

  it('answers 409 for the same body bytes sent to the other route', async () => {
    const emulator = await emulatorWith();
    const generate = { ...body, provider: 'openai', model: 'gpt-4o-mini' };
    await send(emulator, {
      path: '/v1/generate',
      idempotencyKey: 'cross-route-01',
      body: generate,
    });
    const other = await send(emulator, {
      path: '/v1/compress',
      idempotencyKey: 'cross-route-01',
      body,
    });
    expect(other.status).toBe(409);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const provider = await startSlowProvider({ delayMs: 1_000 });
    cleanups.push(() => provider.close());
    const emulator = await emulatorWith({
      providerKeys: { openai: 'sk-test-slow' },
      providerBaseURLs: { openai: provider.url },
    });
    const generate = { ...body, provider: 'openai', model: 'gpt-4o-mini' };
    const running = send(emulator, {
      path: '/v1/generate',
      idempotencyKey: 'running-key-01',
      body: generate,
    });
    // Send the second once the first is at the provider, not after a fixed delay: on a
    // loaded machine the first may not have arrived yet.
    await vi.waitFor(() => expect(provider.received).toHaveLength(1), { timeout: 10_000 });
    const changed = await send(emulator, {
      path: '/v1/generate',
      idempotencyKey: 'running-key-01',
      body: { ...generate, model: 'gpt-4o' },
    });
    expect(changed.status).toBe(409);
    expect(changed.json.error.message).toContain('running');
    expect((await running).status).toBe(200);
  });

  it('keeps the keys of two API keys apart', async () => {
    const emulator = await emulatorWith({ apiKeys: ['tenant-a-key-1', 'tenant-b-key-1'] });
    const a = await send(
      { url: emulator.url, apiKey: 'tenant-a-key-1' },
      { idempotencyKey: 'shared-key-01', body },
    );
    const b = await send(
      { url: emulator.url, apiKey: 'tenant-b-key-1' },
      { idempotencyKey: 'shared-key-01', body: { ...body, level: 'low' } },
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json.requestId).not.toBe(a.json.requestId);
  });
});

describe('the store', () => {
  it('forgets an answer after idempotencyTtlMs: the key then starts a new operation', async () => {
    let now = new Date('2025-05-10T12:00:00Z');
    const emulator = await emulatorWith({ idempotencyTtlMs: 60_000, now: () => now });
    const first = await send(emulator, { idempotencyKey: 'expiring-key-01', body });
    now = new Date(now.getTime() + 59_000);
    const replay = await send(emulator, { idempotencyKey: 'expiring-key-01', body });
    now = new Date(now.getTime() + 2_000);
    const fresh = await send(emulator, { idempotencyKey: 'expiring-key-01', body });
    expect(replay.json.requestId).toBe(first.json.requestId);
    expect(fresh.json.requestId).not.toBe(first.json.requestId);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(2);
  });

  it('evicts the oldest answer beyond idempotencyMaxEntries', async () => {
    const emulator = await emulatorWith({ idempotencyMaxEntries: 2 });
    const first = await send(emulator, { idempotencyKey: 'bounded-key-01', body });
    await send(emulator, { idempotencyKey: 'bounded-key-02', body });
    const third = await send(emulator, { idempotencyKey: 'bounded-key-03', body });
    const thirdAgain = await send(emulator, { idempotencyKey: 'bounded-key-03', body });
    const firstAgain = await send(emulator, { idempotencyKey: 'bounded-key-01', body });
    expect(thirdAgain.json.requestId).toBe(third.json.requestId);
    expect(firstAgain.json.requestId).not.toBe(first.json.requestId);
  });

  it('evicts the oldest answers beyond idempotencyMaxBytes, and stores none larger than it', async () => {
    const probe = await emulatorWith();
    const size = (await send(probe, { body })).text.length;
    // Room for two answers of this size, not three.
    const emulator = await emulatorWith({ idempotencyMaxBytes: Math.floor(size * 2.9) });
    const first = await send(emulator, { idempotencyKey: 'bytes-key-01', body });
    await send(emulator, { idempotencyKey: 'bytes-key-02', body });
    const third = await send(emulator, { idempotencyKey: 'bytes-key-03', body });
    expect((await send(emulator, { idempotencyKey: 'bytes-key-03', body })).json.requestId).toBe(
      third.json.requestId,
    );
    const firstAgain = await send(emulator, { idempotencyKey: 'bytes-key-01', body });
    expect(firstAgain.json.requestId).not.toBe(first.json.requestId);

    const tiny = await emulatorWith({ idempotencyMaxBytes: 100 });
    const once = await send(tiny, { idempotencyKey: 'too-large-key-01', body });
    const again = await send(tiny, { idempotencyKey: 'too-large-key-01', body });
    expect(again.json.requestId).not.toBe(once.json.requestId);
  });
});

describe('IdempotencyStore', () => {
  it('holds at most maxBytes of values, however many keys', async () => {
    const store = new IdempotencyStore<string>({
      maxBytes: 10_000,
      sizeOf: (value) => value.length,
    });
    for (let index = 0; index < 500; index++) {
      await store.once('scope', `key-${index}`, 'same', () => 'x'.repeat(1_000));
      expect(store.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(store.size).toBe(10);
  });

  it('hands a throw of the first run to the requests that waited for it', async () => {
    const store = new IdempotencyStore<string>();
    let runs = 0;
    const failing = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('provider down');
    };
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => store.once('scope', 'key-1', 'same', failing)),
    );
    expect(runs).toBe(1);
    expect(results.map((result) => result.status)).toEqual(Array(5).fill('rejected'));
    expect(store.size).toBe(0);
  });
});
