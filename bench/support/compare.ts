import { median, ratio, summarize } from './stats.ts';

/**
 * Comparisons of variants measured in the same rounds (see `interleaveRounds`). A ratio
 * is taken inside each round, between figures measured a moment apart, and the median
 * of those ratios is reported: drift of the machine between rounds cancels out.
 */

/** The median over rounds of `values[i] / baseline[i]`. */
export function pairedRatio(values: readonly number[], baseline: readonly number[]): number {
  if (values.length !== baseline.length || values.length === 0) {
    throw new RangeError(
      `pairedRatio: needs as many rounds as the baseline, at least one (got ${values.length} and ${baseline.length})`,
    );
  }
  return median(values.map((value, index) => ratio(value, baseline[index]!)));
}

/**
 * The median over rounds of `values[i] - baseline[i]`: what a variant adds to the
 * baseline, in the figures' unit (milliseconds, microseconds of CPU).
 */
export function pairedDifference(values: readonly number[], baseline: readonly number[]): number {
  if (values.length !== baseline.length || values.length === 0) {
    throw new RangeError(
      `pairedDifference: needs as many rounds as the baseline, at least one (got ${values.length} and ${baseline.length})`,
    );
  }
  return median(values.map((value, index) => value - baseline[index]!));
}

function baselineOf<Name extends string, Result>(
  rounds: Record<Name, Result[]>,
  baseline: NoInfer<Name>,
): Result[] {
  const base = rounds[baseline];
  if (!base) throw new RangeError(`compare: baseline "${baseline}" is not one of the variants`);
  return base;
}

/** The same record of variants with `map` applied to each variant's value. */
export function mapVariants<Name extends string, In, Out>(
  rounds: Record<Name, In>,
  map: (value: In) => Out,
): Record<Name, Out> {
  const entries = Object.entries(rounds) as Array<[Name, In]>;
  return Object.fromEntries(entries.map(([name, value]) => [name, map(value)])) as Record<
    Name,
    Out
  >;
}

/** One figure per round per variant (requests/s, CPU per call): its median and paired ratio. */
export interface RoundFigures {
  median: number;
  /** Median over rounds of this variant's figure divided by the baseline's. */
  ratio: number;
}

export function compareRounds<Name extends string>(
  rounds: Record<Name, number[]>,
  baseline: NoInfer<Name>,
): Record<Name, RoundFigures> {
  const base = baselineOf(rounds, baseline);
  return mapVariants(rounds, (values) => ({
    median: median(values),
    ratio: pairedRatio(values, base),
  }));
}

/** Latency of one variant, every call of every round pooled, against the baseline. */
export interface LatencyFigures {
  calls: number;
  p50Ms: number;
  p99Ms: number;
  /** Median over rounds of (this variant's round p50 / the baseline's round p50). */
  p50Ratio: number;
  /** Pooled p99 / the baseline's pooled p99 (a round holds too few calls for its own p99). */
  p99Ratio: number;
}

/** Latency figures per variant from rounds of `timeSequential` latencies. */
export function compareLatency<Name extends string>(
  rounds: Record<Name, number[][]>,
  baseline: NoInfer<Name>,
): Record<Name, LatencyFigures> {
  const base = baselineOf(rounds, baseline);
  const baseP99 = summarize(base.flat()).p99;
  const baseMedians = base.map(median);
  return mapVariants(rounds, (samples) => {
    const summary = summarize(samples.flat());
    return {
      calls: summary.count,
      p50Ms: summary.p50,
      p99Ms: summary.p99,
      p50Ratio: pairedRatio(samples.map(median), baseMedians),
      p99Ratio: ratio(summary.p99, baseP99),
    };
  });
}
