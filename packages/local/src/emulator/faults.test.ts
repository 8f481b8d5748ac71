import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from './start-emulator.ts';
import { LONG_CONTEXT, send } from './testing/send.ts';

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startEmulator();
});
afterEach(() => emulator.close());

const body = { context: LONG_CONTEXT, query: 'capital of France' };

describe('programmable faults', () => {
  it('fails the next requests with the queued status, code and headers, then recovers', async () => {
    emulator.faults.failNext(2, { status: 503, headers: { 'retry-after': '1' } });
    const first = await send(emulator, { body });
    const second = await send(emulator, { body });
    const third = await send(emulator, { body });
    expect([first.status, second.status, third.status]).toEqual([503, 503, 200]);
    expect(first.json).toMatchObject({ success: false, error: { code: 'injected_fault' } });
    expect(first.headers['retry-after']).toBe('1');
    expect(first.headers['request-id']).toBe(first.json.requestId);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
  });

  it('fails with any status and code, such as a 429 with Retry-After', async () => {
    emulator.faults.failNext(1, {
      status: 429,
      code: 'rate_limited',
      headers: { 'retry-after': '2' },
    });
    const received = await send(emulator, { body });
    expect(received.status).toBe(429);
    expect(received.json.error.code).toBe('rate_limited');
  });

  it('drops the socket without an answer', async () => {
    emulator.faults.dropNext();
    await expect(send(emulator, { body })).rejects.toThrow();
    expect((await send(emulator, { body })).status).toBe(200);
    expect(emulator.requests.map((request) => request.status)).toEqual([null, 200]);
    expect(emulator.requests[0]!.fault).toBe('drop');
  });

  it('answers 200 with a body that is not JSON', async () => {
    emulator.faults.malformedNext();
    const received = await send(emulator, { body });
    expect(received.status).toBe(200);
    expect(received.json).toBeUndefined();
    expect(received.headers['content-type']).toBe('text/html');
  });

  it('delays the answer of a processed request', async () => {
    emulator.faults.delayNext(1, 200);
    const started = performance.now();
    const received = await send(emulator, { body });
    expect(received.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect(emulator.faults.pending).toBe(0);
  });

  it('counts and records every request received, faults included', async () => {
    emulator.faults.failNext(1);
    await send(emulator, { idempotencyKey: 'counted-key-01', body });
    await send(emulator, { idempotencyKey: 'counted-key-01', body });
    await send(emulator, { idempotencyKey: 'counted-key-01', body });
    expect(emulator.requestCount).toBe(3);
    expect(
      emulator.requests.map(({ status, replayed, fault }) => ({ status, replayed, fault })),
    ).toEqual([
      { status: 503, replayed: false, fault: 'fail' },
      { status: 200, replayed: false, fault: undefined },
      { status: 200, replayed: true, fault: undefined },
    ]);
    expect(emulator.requests.every((request) => request.idempotencyKey === 'counted-key-01')).toBe(
      true,
    );
  });

  it('forgets queued faults on clear()', async () => {
    emulator.faults.failNext(3).clear();
    expect((await send(emulator, { body })).status).toBe(200);
  });

  it('refuses a count that is not a positive integer', () => {
    expect(() => emulator.faults.dropNext(0)).toThrow(RangeError);
  });

  it('injects a seeded random mix of faults, replayable from its seed', async () => {
    const draw = async (seed: number) => {
      emulator.faults.clear();
      emulator.faults.injectRandomly({ probability: 0.5, seed, kinds: ['fail', 'malformed'] });
      const statuses: string[] = [];
      for (let index = 0; index < 40; index++) {
        const received = await send(emulator, { body });
        statuses.push(received.json === undefined ? 'malformed' : String(received.status));
      }
      return statuses;
    };
    const first = await draw(7);
    expect(new Set(first)).toEqual(new Set(['200', '503', 'malformed']));
    const faulted = first.filter((status) => status !== '200').length;
    expect(faulted).toBeGreaterThan(8);
    expect(faulted).toBeLessThan(32);
    expect(await draw(7)).toEqual(first);
    emulator.faults.clear();
    expect((await send(emulator, { body })).status).toBe(200);
  });
});
