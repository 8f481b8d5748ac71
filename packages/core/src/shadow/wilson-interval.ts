/** A proportion's Wilson score interval: honest at small counts and near 0 or 1. */
export interface ProportionInterval {
  lower: number;
  upper: number;
}

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959964;

export function wilsonInterval(successes: number, trials: number, z = Z_95): ProportionInterval {
  if (trials <= 0) return { lower: 0, upper: 1 };
  const rate = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const center = (rate + z2 / (2 * trials)) / denominator;
  const margin =
    (z * Math.sqrt((rate * (1 - rate)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { lower: Math.max(0, center - margin), upper: Math.min(1, center + margin) };
}
