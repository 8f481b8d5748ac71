import { type Emulator, startEmulator } from '@ctxopt/local';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_CONTEXT, send } from './testing/send.ts';

let emulator: Emulator | undefined;
afterEach(() => emulator?.close());

const body = { context: LONG_CONTEXT, query: 'capital of France' };

/**
 * Distinct contexts of about 14.9k tokens each, past the worker threshold, so the engine
 * runs off the event loop and requests sent at once overlap.
 */
const manyContexts = (count: number) =>
  Array.from({ length: count }, (_, request) =>
    Array.from(
      { length: 1000 },
      (_, line) =>
        `Record ${request}-${line}: shipment ${line * 7 + request} left dock ${line % 9}.`,
    ).join('\n'),
  );

describe('the monthly quota', () => {
  it('reports limit, used and remaining tokens, used counting the input tokens of each operation', async () => {
    emulator = await startEmulator({ limitTokens: 10_000 });
    const first = await send(emulator, { body });
    const second = await send(emulator, { body: { context: 'A short context.' } });
    const inputs = first.json.usage.request.inputTokens + second.json.usage.request.inputTokens;
    expect(second.json.usage.monthly).toMatchObject({
      limitTokens: 10_000,
      usedTokens: inputs,
      remainingTokens: 10_000 - inputs,
    });
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(inputs);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(2);
  });

  it.each([
    ['2025-02-14T09:30:00Z', '2025-03-01T00:00:00.000Z'],
    ['2025-12-31T23:59:59Z', '2026-01-01T00:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-03-01T00:00:00.000Z'],
  ])('on %s resets at %s', async (now, resetsAt) => {
    emulator = await startEmulator({ now: () => new Date(now) });
    const received = await send(emulator, { body });
    expect(received.json.usage.monthly.resetsAt).toBe(resetsAt);
  });

  it('answers 429 quota_exceeded once the quota is used up, without processing or charging', async () => {
    emulator = await startEmulator({
      limitTokens: 100,
      now: () => new Date('2025-06-30T23:00:00Z'),
    });
    const accepted = await send(emulator, { body });
    // The request that crosses the limit is accepted in full; the next one is refused.
    expect(accepted.status).toBe(200);
    expect(accepted.json.usage.monthly.usedTokens).toBeGreaterThan(100);
    expect(accepted.json.usage.monthly.remainingTokens).toBe(0);
    const used = emulator.ledger.usedTokens(emulator.apiKey);

    for (const path of ['/v1/compress', '/v1/generate']) {
      const refused = await send(emulator, {
        path,
        body: {
          ...body,
          ...(path === '/v1/generate' ? { provider: 'openai', model: 'gpt-4o-mini' } : {}),
        },
      });
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe('quota_exceeded');
      expect(refused.json.error.message).toContain('resets at');
      // One hour to the new month: a Retry-After far past a client's retry cap.
      expect(refused.headers['retry-after']).toBe('3600');
    }
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(used);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
  });

  it('accepts concurrent requests as it would one after another: 30 of 14k tokens at once cannot run a 1,000-token quota over together', async () => {
    emulator = await startEmulator({ limitTokens: 1_000 });
    const answers = await Promise.all(
      manyContexts(30).map((context) => send(emulator!, { body: { context, query: 'dock 3' } })),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.json.usage.request.inputTokens).toBeGreaterThan(9_000);
    expect(refused).toHaveLength(29);
    for (const answer of refused) expect(answer.json.error.code).toBe('quota_exceeded');
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(
      accepted[0]!.json.usage.request.inputTokens,
    );
  });

  it('accepts exactly the concurrent requests that fit, as one after another would: 4 of 30 against 50,000 tokens', async () => {
    emulator = await startEmulator({ limitTokens: 50_000 });
    const answers = await Promise.all(
      manyContexts(30).map((context) => send(emulator!, { body: { context, query: 'dock 3' } })),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    const tokens = accepted.map((answer) => answer.json.usage.request.inputTokens as number);
    // Accepted while the tokens used stay below the limit: 0, 14.9k, 29.7k and 44.6k.
    expect(accepted).toHaveLength(4);
    expect(tokens.slice(0, 3).reduce((sum, value) => sum + value, 0)).toBeLessThan(50_000);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(26);
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(
      tokens.reduce((sum, value) => sum + value, 0),
    );
  });

  it('gives a reservation back when its request fails: the quota is as it was', async () => {
    emulator = await startEmulator({ limitTokens: 1_000 });
    const failed = await send(emulator, {
      path: '/v1/generate',
      body: { ...body, provider: 'no-such-provider', model: 'x' },
    });
    expect(failed.status).toBe(400);
    const accepted = await send(emulator, { body });
    expect(accepted.status).toBe(200);
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(
      accepted.json.usage.request.inputTokens,
    );
  });

  it('still replays a stored answer after the quota ran out', async () => {
    emulator = await startEmulator({ limitTokens: 100 });
    const first = await send(emulator, { idempotencyKey: 'before-limit-01', body });
    const replay = await send(emulator, { idempotencyKey: 'before-limit-01', body });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
  });

  it('starts from zero in a new month', async () => {
    let now = new Date('2025-06-30T23:59:00Z');
    emulator = await startEmulator({ limitTokens: 100, now: () => now });
    await send(emulator, { body });
    expect((await send(emulator, { body })).status).toBe(429);
    now = new Date('2025-07-01T00:00:00Z');
    const fresh = await send(emulator, { body });
    expect(fresh.status).toBe(200);
    expect(fresh.json.usage.monthly.usedTokens).toBe(fresh.json.usage.request.inputTokens);
    expect(fresh.json.usage.monthly.resetsAt).toBe('2025-08-01T00:00:00.000Z');
  });

  it('carries usage.monthly in the generate answer too, charged with the context tokens only', async () => {
    emulator = await startEmulator();
    const received = await send(emulator, {
      path: '/v1/generate',
      body: { ...body, provider: 'google', model: 'gemini-2.5-flash' },
    });
    expect(received.json.usage.monthly.usedTokens).toBe(received.json.usage.request.inputTokens);
  });
});
