/** One unit of work to time: a request, a compression, a model call. */
export type Task = () => Promise<unknown>;

/**
 * Runs `work` and measures the CPU time the calling thread spent meanwhile, in
 * microseconds. A server in a worker thread is not counted, nor other processes, so
 * this figure holds up on a busy machine better than wall time does.
 */
export async function withThreadCpu<T>(
  work: () => Promise<T>,
): Promise<{ result: T; cpuMicros: number }> {
  const before = process.threadCpuUsage();
  const result = await work();
  const used = process.threadCpuUsage(before);
  return { result, cpuMicros: used.user + used.system };
}

/** Runs `task` `count` times, one after another; returns each call's latency in milliseconds. */
export async function timeSequential(task: Task, count: number): Promise<number[]> {
  const latencies = new Array<number>(count);
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await task();
    latencies[index] = performance.now() - started;
  }
  return latencies;
}

export interface LoadOptions {
  /** How many calls in total. */
  total: number;
  /** How many calls are in flight at once. */
  concurrency: number;
}

export interface LoadResult {
  elapsedMs: number;
  /** Completed calls per second. */
  perSecond: number;
}

/**
 * Runs `total` calls of `task` with `concurrency` of them in flight at all times (a new
 * call starts as soon as one ends), and measures the wall time of the whole batch.
 */
export async function timeConcurrent(task: Task, options: LoadOptions): Promise<LoadResult> {
  const { total, concurrency } = options;
  if (!(Number.isInteger(total) && total > 0)) {
    throw new RangeError(`timeConcurrent: total must be a positive integer (got ${total})`);
  }
  if (!(Number.isInteger(concurrency) && concurrency > 0)) {
    throw new RangeError(
      `timeConcurrent: concurrency must be a positive integer (got ${concurrency})`,
    );
  }
  let started = 0;
  const lane = async () => {
    while (started < total) {
      started++;
      await task();
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, lane));
  const elapsedMs = performance.now() - begin;
  return { elapsedMs, perSecond: (total / elapsedMs) * 1000 };
}

/**
 * Measures every variant once per round, in rounds, so a drift of the machine (another
 * process waking up, CPU frequency) touches all variants alike. Each round starts with
 * the next variant (A B C, B C A, C A B, ...) so none always runs first or last.
 * Returns, per variant, one result per round.
 */
export async function interleaveRounds<Name extends string, Result>(
  variants: Record<Name, Task>,
  rounds: number,
  measure: (task: Task, name: Name) => Promise<Result>,
): Promise<Record<Name, Result[]>> {
  const names = Object.keys(variants) as Name[];
  const results = Object.fromEntries(names.map((name) => [name, [] as Result[]])) as Record<
    Name,
    Result[]
  >;
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < names.length; step++) {
      const name = names[(round + step) % names.length]!;
      results[name].push(await measure(variants[name], name));
    }
  }
  return results;
}
