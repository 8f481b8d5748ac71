import { APIConnectionTimeoutError } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { withDeadline } from './deadline.ts';

describe('withDeadline', () => {
  it('rejects with APIConnectionTimeoutError and aborts the operation when time is up', async () => {
    let seen: AbortSignal | undefined;
    const error = await withDeadline(
      (signal) => {
        seen = signal;
        return new Promise<never>(() => {});
      },
      { timeout: 30, description: 'POST /v1/compress' },
    ).catch((caught: unknown) => caught);
    expect(APIConnectionTimeoutError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('POST /v1/compress took longer than 30 ms.');
    expect(seen?.aborted).toBe(true);
  });

  it("ends with the caller's abort reason when the caller aborts", async () => {
    const controller = new AbortController();
    const running = withDeadline(() => new Promise<never>(() => {}), {
      timeout: 10_000,
      signal: controller.signal,
      description: 'POST /v1/generate',
    });
    const reason = new DOMException('stop', 'AbortError');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
  });

  it('returns the result of an operation that finishes in time', async () => {
    await expect(
      withDeadline(async () => 'done', { timeout: 1_000, description: 'x' }),
    ).resolves.toBe('done');
  });
});
