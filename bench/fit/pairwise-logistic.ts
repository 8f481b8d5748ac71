import { dot } from './linear-algebra.ts';
import { minimiseByNewton } from './newton.ts';

/**
 * A ranking model fitted on pairs: within one example, a unit that holds the answer
 * should score above one that does not. The model is linear, `score = w · x`, and the
 * loss is the weighted logistic loss of each pair's difference, `log(1 + e^(-w·(x⁺ - x⁻)))`,
 * plus a small ridge term. The loss is convex in `w`: Newton's method reaches its one
 * minimum in a few steps, and its arithmetic runs in a fixed order, so the same pairs
 * give the same weights on every run.
 */
export interface Pair {
  /** `x⁺ - x⁻`: the positive unit's features less the negative's. */
  difference: Float64Array;
  /** The pair's weight in the loss. */
  weight: number;
}

export interface FitOptions {
  /** Ridge penalty on the weights. */
  ridge?: number;
  /** Newton steps at most. */
  steps?: number;
}

const sigmoid = (value: number) => 1 / (1 + Math.exp(-value));

/** The weighted pairwise logistic loss (with the ridge term) at `weights`. */
function pairLoss(pairs: readonly Pair[], weights: Float64Array, ridge: number): number {
  let loss = 0;
  for (const { difference, weight } of pairs) {
    const margin = dot(weights, difference);
    // log(1 + e^-m), stable for large |m|.
    loss +=
      weight *
      (margin > 0 ? Math.log1p(Math.exp(-margin)) : -margin + Math.log1p(Math.exp(margin)));
  }
  return loss + (ridge / 2) * dot(weights, weights);
}

/** The weights that minimise the pairs' loss, from zero, by Newton's method with a halving line search. */
export function fitPairs(
  pairs: readonly Pair[],
  size: number,
  options: FitOptions = {},
): Float64Array {
  const ridge = options.ridge ?? 1e-4;
  return minimiseByNewton(
    size,
    { ridge, steps: options.steps ?? 50, tolerance: 1e-10, stopWithoutDescent: false },
    (weights) => pairLoss(pairs, weights, ridge),
    (weights, gradient, hessian) => {
      for (const { difference, weight } of pairs) {
        const p = sigmoid(dot(weights, difference));
        const slope = weight * (p - 1);
        const curve = weight * p * (1 - p);
        for (let row = 0; row < size; row++) {
          gradient[row]! += slope * difference[row]!;
          for (let column = 0; column <= row; column++) {
            hessian[row]![column]! += curve * difference[row]! * difference[column]!;
          }
        }
      }
    },
  );
}
