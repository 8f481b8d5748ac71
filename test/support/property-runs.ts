// How many cases a property test draws. While working, a quarter of the full size (never
// fewer than 10): enough for the invariants these suites guard to fail on the defects they
// were written for, in seconds; under CI the seed is fixed (fast-check-seed.ts), so the cases
// are the same on every run. `test:soak` (CTXOPT_SOAK=1) draws the full size.
export function propertyRuns(full: number): number {
  if (process.env.CTXOPT_SOAK) return full;
  return Math.max(10, Math.round(full / 4));
}
