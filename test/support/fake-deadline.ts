import { expect, vi } from 'vitest';

/** One turn of the real event loop (setImmediate is never faked here), for I/O to move. */
const realTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs a call that waits on a deadline under a fake `setTimeout` clock, so that a test of
 * the deadline's logic costs milliseconds instead of its seconds. Sockets stay real: the
 * clock stands still until `reached()` says the call is waiting on the deadline alone (the
 * hung service got its request), then moves to one millisecond short of `deadlineMs`, where
 * the call must still be waiting, then to the deadline, then on in small steps while the
 * call finishes over real sockets, within a second of clock time. Gives back the result.
 */
export async function pastDeadline<T>(
  call: () => Promise<T>,
  { deadlineMs, reached }: { deadlineMs: number; reached: () => boolean },
): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let settled = false;
    const running = call();
    running.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    const started = performance.now();
    while (!reached()) {
      if (performance.now() - started > 20_000)
        throw new Error('the call never reached the deadline');
      await realTurn();
    }
    await vi.advanceTimersByTimeAsync(deadlineMs - 1);
    for (let turn = 0; turn < 20; turn++) await realTurn();
    expect(settled, `settled before its ${deadlineMs} ms deadline`).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    let afterDeadline = 0;
    while (!settled) {
      if (performance.now() - started > 20_000) throw new Error('the call never settled');
      await vi.advanceTimersByTimeAsync(10);
      afterDeadline += 10;
      await realTurn();
    }
    // Past its deadline the call waits on no timer of its own: the rest is real I/O.
    expect(afterDeadline, 'clock time spent past the deadline').toBeLessThanOrEqual(1_000);
    return await running;
  } finally {
    vi.useRealTimers();
  }
}
