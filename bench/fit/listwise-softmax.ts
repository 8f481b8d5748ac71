import { dot } from './linear-algebra.ts';
import { minimiseByNewton } from './newton.ts';

/**
 * A ranking model fitted on whole lists: within one example, the softmax of the units'
 * scores `w · x` should put its mass on the units that hold the answer. The loss of an
 * example is `log Σ_all e^s - log Σ_answers e^s`: it falls as the answer units rise above
 * the best-scored others, so, unlike pairs drawn at random, it weighs most the units that
 * compete for the top of the ranking, which is what a budget of a tenth keeps. Steps of
 * Newton's method on the first term's curvature (positive semi-definite), with a halving
 * line search on the whole loss; the arithmetic runs in a fixed order, so the same lists
 * give the same weights on every run.
 */
export interface RankedList {
  /** Unit `u`'s features at `[u * size, (u + 1) * size)`. */
  features: Float64Array;
  /** 1 for the units that hold the answer. */
  labels: Uint8Array;
  /** The list's weight in the loss. */
  weight: number;
}

function listLoss(lists: readonly RankedList[], weights: Float64Array, ridge: number): number {
  const size = weights.length;
  let loss = 0;
  for (const { features, labels, weight } of lists) {
    let top = Number.NEGATIVE_INFINITY;
    const scores = Array.from(labels, (_, unit) => {
      const score = dot(weights, features.subarray(unit * size, (unit + 1) * size));
      if (score > top) top = score;
      return score;
    });
    let all = 0;
    let answers = 0;
    scores.forEach((score, unit) => {
      const mass = Math.exp(score - top);
      all += mass;
      if (labels[unit]) answers += mass;
    });
    loss += weight * (Math.log(all) - Math.log(answers));
  }
  return loss + (ridge / 2) * dot(weights, weights);
}

export function fitLists(
  lists: readonly RankedList[],
  size: number,
  options: { ridge?: number; steps?: number } = {},
): Float64Array {
  const ridge = options.ridge ?? 1e-4;
  const meanAll = new Float64Array(size);
  const meanAnswers = new Float64Array(size);
  return minimiseByNewton(
    size,
    { ridge, steps: options.steps ?? 60, tolerance: 1e-8, stopWithoutDescent: true },
    (weights) => listLoss(lists, weights, ridge),
    (weights, gradient, hessian) => {
      for (const { features, labels, weight } of lists) {
        const scores = Array.from(labels, (_, unit) =>
          dot(weights, features.subarray(unit * size, (unit + 1) * size)),
        );
        const top = Math.max(...scores);
        let all = 0;
        let answers = 0;
        meanAll.fill(0);
        meanAnswers.fill(0);
        const second = Array.from({ length: size }, () => new Float64Array(size));
        scores.forEach((score, unit) => {
          const mass = Math.exp(score - top);
          const x = features.subarray(unit * size, (unit + 1) * size);
          all += mass;
          if (labels[unit]) answers += mass;
          for (let row = 0; row < size; row++) {
            meanAll[row]! += mass * x[row]!;
            if (labels[unit]) meanAnswers[row]! += mass * x[row]!;
            for (let column = 0; column <= row; column++) {
              second[row]![column]! += mass * x[row]! * x[column]!;
            }
          }
        });
        for (let row = 0; row < size; row++) {
          const mean = meanAll[row]! / all;
          gradient[row]! += weight * (mean - meanAnswers[row]! / answers);
          for (let column = 0; column <= row; column++) {
            hessian[row]![column]! +=
              weight * (second[row]![column]! / all - mean * (meanAll[column]! / all));
          }
        }
      }
    },
  );
}
