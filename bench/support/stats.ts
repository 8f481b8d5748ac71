/**
 * Sample statistics for benchmarks. Every figure a suite reports is built from these, so
 * they check their input: an empty sample or a NaN would otherwise print as a plausible number.
 */

/** What a sample of measurements looks like, in the unit of the measurements. */
export interface Summary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function checkedSample(values: readonly number[], what: string): number[] {
  if (values.length === 0) throw new RangeError(`${what}: the sample is empty`);
  values.forEach((value, index) => {
    if (!Number.isFinite(value)) {
      throw new RangeError(`${what}: sample[${index}] must be a finite number (got ${value})`);
    }
  });
  return [...values].sort((a, b) => a - b);
}

function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) {
    throw new RangeError(`percentile: p must be between 0 and 100 (got ${p})`);
  }
  // Linear interpolation between the closest ranks (NumPy's default, Excel's PERCENTILE.INC).
  const rank = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  const low = sorted[lower]!;
  return low + (sorted[upper]! - low) * (rank - lower);
}

/** The `p`-th percentile (0 to 100) of `values`, interpolated between the closest ranks. */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(checkedSample(values, 'percentile'), p);
}

/** The 50th percentile. */
export function median(values: readonly number[]): number {
  return percentileOfSorted(checkedSample(values, 'median'), 50);
}

/** The arithmetic mean. */
export function mean(values: readonly number[]): number {
  const sample = checkedSample(values, 'mean');
  return sample.reduce((sum, value) => sum + value, 0) / sample.length;
}

/** Count, extremes, mean and the usual percentiles, from one sort of the sample. */
export function summarize(values: readonly number[]): Summary {
  const sorted = checkedSample(values, 'summarize');
  return {
    count: sorted.length,
    min: sorted[0]!,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50: percentileOfSorted(sorted, 50),
    p90: percentileOfSorted(sorted, 90),
    p99: percentileOfSorted(sorted, 99),
    max: sorted[sorted.length - 1]!,
  };
}

/** `value / baseline`: how many times the baseline a figure is. The baseline must be positive. */
export function ratio(value: number, baseline: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`ratio: value must be finite (got ${value})`);
  if (!(Number.isFinite(baseline) && baseline > 0)) {
    throw new RangeError(`ratio: baseline must be a positive finite number (got ${baseline})`);
  }
  return value / baseline;
}
