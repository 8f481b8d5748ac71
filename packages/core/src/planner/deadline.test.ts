import { APIConnectionTimeoutError, Deadline } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';

async function within<T>(
  timeout: number,
  operation: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const deadline = new Deadline(timeout, 'POST /v1/compress', signal);
  try {
    return await deadline.race(operation);
  } finally {
    deadline.dispose();
  }
}

describe('Deadline', () => {
  it('rejects with APIConnectionTimeoutError and aborts the operation when time is up', async () => {
    let seen: AbortSignal | undefined;
    const error = await within(30, (signal) => {
      seen = signal;
      return new Promise<never>(() => {});
    }).catch((caught: unknown) => caught);
    expect(APIConnectionTimeoutError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('POST /v1/compress took longer than 30 ms.');
    expect(seen?.aborted).toBe(true);
  });

  it("ends with the caller's abort reason when the caller aborts", async () => {
    const controller = new AbortController();
    const running = within(10_000, () => new Promise<never>(() => {}), controller.signal);
    const reason = new DOMException('stop', 'AbortError');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
  });

  it('covers several operations with one budget', async () => {
    const deadline = new Deadline(60, 'POST /v1/compress');
    try {
      const fast = await deadline.race(async () => 'done');
      const slow = deadline.race(() => new Promise<never>(() => {}));
      expect(fast).toBe('done');
      await expect(slow).rejects.toThrow('took longer than 60 ms');
      await expect(deadline.race(async () => 'late')).rejects.toThrow('took longer than 60 ms');
    } finally {
      deadline.dispose();
    }
  });
});
