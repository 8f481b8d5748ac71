/**
 * Retention at each level from counts by answer-length bin: as measured, or reweighted to
 * another set's mix of answer lengths (what a set would keep if its answers were as long
 * as the other's). `count[bin]` questions, `kept[level][bin]` of them kept.
 */
export function retentionRates(
  count: readonly number[],
  kept: readonly (readonly number[])[],
  mix?: readonly number[],
): number[] {
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  if (!mix) return kept.map((row) => (100 * sum(row)) / sum(count));
  const mixTotal = sum(mix);
  return kept.map(
    (row) =>
      100 *
      row.reduce(
        (total, value, bin) => total + (mix[bin]! / mixTotal) * (value / Math.max(1, count[bin]!)),
        0,
      ),
  );
}
