import { performance } from 'node:perf_hooks';

/**
 * Runs `call` while a 1 ms interval ticks on this event loop. Returns the call's result and
 * duration, the longest the interval went without firing (on a loaded machine this
 * includes the time the OS gave the thread to other work), and the loop's busy time
 * during the call (`eventLoopUtilization().active`, the interval's own ticks included).
 */
export async function longestPause<T>(call: () => Promise<T>) {
  let last = performance.now();
  let longest = 0;
  const interval = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  const utilization = performance.eventLoopUtilization();
  try {
    const result = await call();
    const busy = performance.eventLoopUtilization(utilization).active;
    const ended = performance.now();
    return { result, duration: ended - started, longest: Math.max(longest, ended - last), busy };
  } finally {
    clearInterval(interval);
  }
}
