import { compareLatency, compareRounds, mapVariants, pairedDifference } from './compare.ts';
import { interleaveRounds, type Task, timeSequential, withThreadCpu } from './load.ts';
import { median } from './stats.ts';

/** One variant's round: each call's latency (ms) and the calling thread's CPU per call (µs). */
export interface RoundSample {
  latencies: number[];
  cpuMicrosPerCall: number;
}

export interface SequentialRoundsOptions {
  rounds: number;
  /** Sequential calls per variant per round. */
  calls: number;
}

/**
 * Times every variant in rotating rounds (see `interleaveRounds`): `calls` calls one
 * after another per variant per round, with the CPU time the calling thread spent.
 */
export function timeSequentialRounds<Name extends string>(
  tasks: Record<Name, Task>,
  options: SequentialRoundsOptions,
): Promise<Record<Name, RoundSample[]>> {
  return interleaveRounds(tasks, options.rounds, async (task) => {
    const { result, cpuMicros } = await withThreadCpu(() => timeSequential(task, options.calls));
    return { latencies: result, cpuMicrosPerCall: cpuMicros / options.calls };
  });
}

/** What one variant costs against the baseline measured in the same rounds. */
export interface OverheadFigures {
  calls: number;
  /** Pooled over every call of every round. */
  p50Ms: number;
  p99Ms: number;
  /** Median over rounds of (this variant's round p50 - the baseline's round p50). */
  addedMs: number;
  /** Median over rounds of (this variant's round p50 / the baseline's round p50). */
  p50Ratio: number;
  /** Median over rounds of the CPU time per call. */
  cpuMicrosPerCall: number;
  /** Median over rounds of the difference in CPU time per call. */
  addedCpuMicros: number;
  /** Median over rounds of the ratio of CPU time per call. */
  cpuRatio: number;
}

/**
 * Each variant against `baseline`: latency and CPU per call, what it adds (median of
 * the per-round differences) and how many times the baseline it is (median of the
 * per-round ratios). Differences and ratios come from figures measured a moment apart.
 */
export function compareOverhead<Name extends string>(
  samples: Record<Name, RoundSample[]>,
  baseline: NoInfer<Name>,
): Record<Name, OverheadFigures> {
  const names = Object.keys(samples) as Name[];
  const pick = <Out>(map: (sample: RoundSample) => Out) =>
    mapVariants(samples, (rounds) => rounds.map(map));
  const latency = compareLatency(
    pick((sample) => sample.latencies),
    baseline,
  );
  const roundP50 = pick((sample) => median(sample.latencies));
  const cpu = pick((sample) => sample.cpuMicrosPerCall);
  const cpuFigures = compareRounds(cpu, baseline);
  const figures = names.map((name): [Name, OverheadFigures] => [
    name,
    {
      calls: latency[name].calls,
      p50Ms: latency[name].p50Ms,
      p99Ms: latency[name].p99Ms,
      addedMs: pairedDifference(roundP50[name], roundP50[baseline]),
      p50Ratio: latency[name].p50Ratio,
      cpuMicrosPerCall: cpuFigures[name].median,
      addedCpuMicros: pairedDifference(cpu[name], cpu[baseline]),
      cpuRatio: cpuFigures[name].ratio,
    },
  ]);
  return Object.fromEntries(figures) as Record<Name, OverheadFigures>;
}
