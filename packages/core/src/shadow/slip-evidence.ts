/**
 * How far a level's alternatives sit below the threshold: agreement `threshold ** power`
 * (at 0.95: 0.926, 0.903, 0.815, 0.663). Four, so a slip of any size below about 0.94 is
 * caught in the end, and the one-in-five loss of the goal (0.8) is caught soon; each weighs
 * a quarter, which costs the test a factor 4 against knowing the slip's size in advance.
 * In the seeded simulations (shadow-evaluator.simulation.test.ts, 10% sample rate): an 8%
 * loss at `ultra` is stepped down in a median of 657 calls, 196 of seeds 1-200 within
 * 5,000 (1,008 and 158 without 1.5); a 20% loss in a median of 36 calls, 999 of seeds
 * 1-1,000 within 200 (2 alone: a median of 48; 4 alone: 31, but 987 within 200); a judge
 * disagreeing in 3% of pairs stepped nothing down in 10,000 calls on seeds 1-200 with any
 * of these.
 */
const ALTERNATIVE_POWERS = [1.5, 2, 4, 8];

/**
 * Evidence at which a level is stepped down: its false-alarm rate α is 1 / this, 1%.
 * Seeded simulations (shadow-evaluator.simulation.test.ts): a 20% loss at a 10% sample
 * rate is stepped down in a median of 36 calls, 4,999 of 5,000 seeds within 200 (seed 23,
 * at call 208, is the one: its world lost the fact in 24 of those calls, 12%); a judge
 * that disagrees in 2% or 3% of pairs with nothing lost stepped nothing down in 10,000
 * calls on any of seeds 1-1,000 at either rate. At 1/200 the median was 41 calls, at
 * 1/500 47.
 */
export const STEP_DOWN_EVIDENCE = 100;

/**
 * Evidence at or above which a level is shadowed at every call rather than at the sample
 * rate. It starts at 1 (no pairs yet), so a level new in use is shadowed at every call
 * until 47 agreeing pairs in a row clear it (at 0.95); a disagreement raises it again. In
 * the same simulations: 1,092 shadow calls in 10,000 at a 10% rate with a judge
 * disagreeing 3% of the time (mean over seeds 1-1,000), and 4,999 of 5,000 seeds stepped
 * down within 200 calls, against 94% when only an agreement rate below the threshold made
 * a level shadowed at every call, and 84% when only evidence of 1 or more did.
 */
export const SUSPECT_EVIDENCE = 0.1;

/**
 * The evidence the pairs judged at a level give against "this level agrees at least
 * `threshold` of the time": the likelihood ratio of the pairs under a lower agreement to
 * the same under `threshold`, averaged over the alternatives above. While the level does
 * hold, this is a nonnegative supermartingale starting at 1, so by Ville's inequality the
 * chance that it ever reaches `1 / α`, at any of the pairs it is checked after, is at most
 * α: a sequential test that may be read after every pair without a correction for looking
 * (a confidence interval read after every pair is not one: it crosses its bound by chance
 * far more often than its level says).
 */
export function slipEvidence(agreed: number, judged: number, threshold: number): number {
  const disagreed = judged - agreed;
  // Nothing can agree more than always: at 1, any disagreement settles it, and only that.
  if (threshold >= 1) return disagreed > 0 ? Number.POSITIVE_INFINITY : 0;
  const logs = ALTERNATIVE_POWERS.map((power) => {
    const agreement = threshold ** power;
    return (
      disagreed * Math.log((1 - agreement) / (1 - threshold)) +
      agreed * Math.log(agreement / threshold)
    );
  });
  // Averaged in log space: past a few thousand pairs the ratios overflow or vanish.
  const largest = Math.max(...logs);
  const sum = logs.reduce((total, log) => total + Math.exp(log - largest), 0);
  return Math.exp(largest) * (sum / logs.length);
}
