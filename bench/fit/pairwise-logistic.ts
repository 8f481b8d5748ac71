import { dot, mirrorLower, ridgeMatrix, solve } from './linear-algebra.ts';

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
  const steps = options.steps ?? 50;
  let weights = new Float64Array(size);
  let loss = pairLoss(pairs, weights, ridge);
  for (let step = 0; step < steps; step++) {
    const gradient = Float64Array.from(weights, (value) => ridge * value);
    const hessian = ridgeMatrix(size, ridge);
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
    mirrorLower(hessian);
    const direction = solve(hessian, gradient);
    let scale = 1;
    let next = weights.map((value, at) => value - direction[at]!);
    let nextLoss = pairLoss(pairs, next, ridge);
    while (nextLoss > loss && scale > 1e-6) {
      scale /= 2;
      next = weights.map((value, at) => value - scale * direction[at]!);
      nextLoss = pairLoss(pairs, next, ridge);
    }
    const moved = Math.max(...next.map((value, at) => Math.abs(value - weights[at]!)));
    weights = next;
    loss = nextLoss;
    if (moved < 1e-10) break;
  }
  return weights;
}
