/**
 * Growth of a cost with the size of its input, measured so that a loaded machine does
 * not decide it: the CPU time of this process (other processes' load aside), the best of
 * several rounds, short and long sizes alternating so that a burst of load hits both.
 * Linear cost makes the ratio about `factor`; quadratic, `factor` squared.
 */

/** Milliseconds of this process's CPU time that `call` took. */
export function cpuMillis(call: () => unknown): number {
  const before = process.cpuUsage();
  call();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * The best time of `time(factor * length)` over the best of `time(length)`, in `rounds`
 * rounds. A floor of 5 ms on the short time keeps tiny times from making noise.
 */
export function growth(
  time: (length: number) => number,
  length: number,
  factor: number,
  rounds: number,
): number {
  let short = Number.POSITIVE_INFINITY;
  let long = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    short = Math.min(short, time(length));
    long = Math.min(long, time(factor * length));
  }
  return long / Math.max(short, 5);
}

/**
 * `growth`, measured once more before it counts as over `limit`: a burst of load or a
 * major garbage collection can land on the long runs alone. A superlinear cost is over
 * the limit both times.
 */
export function settledGrowth(
  time: (length: number) => number,
  length: number,
  factor: number,
  rounds: number,
  limit: number,
): number {
  const first = growth(time, length, factor, rounds);
  if (first < limit) return first;
  return Math.min(first, growth(time, length, factor, rounds));
}
