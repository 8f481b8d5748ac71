import { mirrorLower, ridgeMatrix, solve } from './linear-algebra.ts';

export interface NewtonOptions {
  /** Ridge penalty on the weights: its gradient and curvature start every step's sums. */
  ridge: number;
  /** Newton steps at most. */
  steps: number;
  /** The largest move of a weight under which the fit has converged. */
  tolerance: number;
  /**
   * When halving the step down to a millionth finds no lower loss: stop where the weights
   * are (true), or take the last halved step all the same (false).
   */
  stopWithoutDescent: boolean;
}

/**
 * Minimises a convex loss of `size` weights from zero by Newton's method with a halving
 * line search. `loss` is the whole loss at some weights (ridge term included); `addTerms`
 * adds the data's gradient and the lower triangle of its Hessian at `weights` to the sums
 * it is given, which start from the ridge term's. The arithmetic runs in a fixed order,
 * so the same data give the same weights on every run.
 */
export function minimiseByNewton(
  size: number,
  options: NewtonOptions,
  loss: (weights: Float64Array) => number,
  addTerms: (weights: Float64Array, gradient: Float64Array, hessian: Float64Array[]) => void,
): Float64Array {
  const { ridge } = options;
  let weights = new Float64Array(size);
  let current = loss(weights);
  for (let step = 0; step < options.steps; step++) {
    const gradient = Float64Array.from(weights, (value) => ridge * value);
    const hessian = ridgeMatrix(size, ridge);
    addTerms(weights, gradient, hessian);
    mirrorLower(hessian);
    const direction = solve(hessian, gradient);
    let scale = 1;
    let next = weights.map((value, at) => value - direction[at]!);
    let nextLoss = loss(next);
    while (!(nextLoss <= current) && scale > 1e-6) {
      scale /= 2;
      next = weights.map((value, at) => value - scale * direction[at]!);
      nextLoss = loss(next);
    }
    if (options.stopWithoutDescent && !(nextLoss <= current)) break;
    const moved = Math.max(...next.map((value, at) => Math.abs(value - weights[at]!)));
    weights = next;
    current = nextLoss;
    if (moved < options.tolerance) break;
  }
  return weights;
}
