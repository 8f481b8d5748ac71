/** A quantile of `values` (nearest rank below). */
function quantile(values: readonly number[], q: number): number {
  return [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;
}

export interface UserPathRatios {
  /** The sampled calls' median time over the unsampled calls' median, in the same run. */
  median: number;
  /** The same at p75. */
  p75: number;
  sampled: number;
  unsampled: number;
}

/**
 * Times `calls` calls on the user's path (from the call to its answer), each followed by
 * `settle` untimed, and compares the ones `call` reports as sampled for shadowing with the
 * rest. The first `warmUp` calls (connection, JIT) are not counted.
 */
export async function sampledAgainstUnsampled(run: {
  label: string;
  calls: number;
  warmUp: number;
  call: () => Promise<boolean>;
  settle: () => Promise<void>;
}): Promise<UserPathRatios> {
  const sampled: number[] = [];
  const unsampled: number[] = [];
  for (let index = 0; index < run.calls; index += 1) {
    const started = performance.now();
    const wasSampled = await run.call();
    const elapsed = performance.now() - started;
    if (index >= run.warmUp) (wasSampled ? sampled : unsampled).push(elapsed);
    await run.settle();
  }
  const figures = (values: number[]) =>
    `p50 ${quantile(values, 0.5).toFixed(2)} p99 ${quantile(values, 0.99).toFixed(2)}`;
  console.info(
    `${run.label} user path ms: sampled ${figures(sampled)}; unsampled ${figures(unsampled)} (${sampled.length}/${unsampled.length} calls)`,
  );
  return {
    median: quantile(sampled, 0.5) / quantile(unsampled, 0.5),
    p75: quantile(sampled, 0.75) / quantile(unsampled, 0.75),
    sampled: sampled.length,
    unsampled: unsampled.length,
  };
}
