import { describe, expect, it } from 'vitest';
import { fitPairs, type Pair } from '../fit/pairwise-logistic.ts';
import { seededRandom } from '../support/seeded-random.ts';

/**
 * Pairs drawn from a known ranking model: the positive beats the negative with the
 * logistic probability of `truth · (x⁺ - x⁻)`. With many pairs the fit finds `truth`.
 */
function pairsOf(truth: number[], count: number, seed: number): Pair[] {
  const random = seededRandom(seed);
  const pairs: Pair[] = [];
  for (let at = 0; at < count; at++) {
    const difference = Float64Array.from(truth, () => 2 * random() - 1);
    let margin = 0;
    for (let feature = 0; feature < truth.length; feature++) {
      margin += truth[feature]! * difference[feature]!;
    }
    const wins = random() < 1 / (1 + Math.exp(-margin));
    pairs.push({
      difference: wins ? difference : difference.map((value) => -value),
      weight: 1 / count,
    });
  }
  return pairs;
}

describe('fitPairs', () => {
  it('recovers the weights of the model that drew the pairs', () => {
    const truth = [3, -1, 0.5];
    const weights = fitPairs(pairsOf(truth, 20_000, 7), truth.length, { ridge: 0 });
    truth.forEach((value, at) => {
      expect(weights[at]).toBeCloseTo(value, 0);
      expect(Math.abs(weights[at]! - value)).toBeLessThan(0.15);
    });
  });

  it('is deterministic: the same pairs give the same weights, bit for bit', () => {
    const pairs = pairsOf([1, 2], 2_000, 3);
    expect([...fitPairs(pairs, 2)]).toEqual([
      ...fitPairs(
        pairs.map((pair) => ({ ...pair })),
        2,
      ),
    ]);
  });

  it('stays finite on separable pairs, held by the ridge term', () => {
    const pairs: Pair[] = [
      { difference: Float64Array.of(1, 0), weight: 0.5 },
      { difference: Float64Array.of(2, 0), weight: 0.5 },
    ];
    const weights = fitPairs(pairs, 2, { ridge: 1e-3 });
    expect(weights[0]).toBeGreaterThan(1);
    expect(Number.isFinite(weights[0])).toBe(true);
    expect(weights[1]).toBe(0);
  });
});
