import { describe, expect, it } from 'vitest';
import { fitLists, type RankedList } from '../fit/listwise-softmax.ts';
import { seededRandom } from '../support/seeded-random.ts';

/**
 * Lists drawn from a known model: each list's answer unit is drawn with the softmax
 * probability of `truth · x`. With many lists the fit finds `truth`.
 */
function listsOf(truth: number[], count: number, seed: number): RankedList[] {
  const random = seededRandom(seed);
  const size = truth.length;
  return Array.from({ length: count }, () => {
    const units = 8;
    const features = Float64Array.from({ length: units * size }, () => 2 * random() - 1);
    const mass = Array.from({ length: units }, (_, unit) => {
      let score = 0;
      for (let at = 0; at < size; at++) score += truth[at]! * features[unit * size + at]!;
      return Math.exp(score);
    });
    let pick = random() * mass.reduce((sum, value) => sum + value, 0);
    let answer = 0;
    while (pick > mass[answer]! && answer < units - 1) pick -= mass[answer++]!;
    const labels = new Uint8Array(units);
    labels[answer] = 1;
    return { features, labels, weight: 1 / count };
  });
}

describe('fitLists', () => {
  it('recovers the weights of the model that drew the lists', () => {
    const truth = [2, -1, 0];
    const weights = fitLists(listsOf(truth, 6_000, 11), truth.length, { ridge: 0 });
    truth.forEach((value, at) => {
      expect(Math.abs(weights[at]! - value)).toBeLessThan(0.2);
    });
  });

  it('is deterministic: the same lists give the same weights, bit for bit', () => {
    const lists = listsOf([1, 0.5], 500, 5);
    expect([...fitLists(lists, 2)]).toEqual([...fitLists(structuredClone(lists), 2)]);
  });
});
