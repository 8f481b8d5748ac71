import type { BenchTable } from './table.ts';

/** What `bench/run.ts` passes to every suite. */
export interface SuiteOptions {
  /**
   * Multiplies the number of calls, rounds and requests a suite makes: 0.1 for a quick
   * smoke run, 1 for the published figures. Suites write their results file only at 1.
   * @default 1
   */
  scale: number;
}

/**
 * The contract of a suite file `bench/<name>.ts`: it exports `run`, which measures, writes
 * `bench/results/<name>.json` (see `writeResults`) and returns the tables to print. A
 * suite runs its own `main` only under `if (import.meta.main)`, so importing it is free.
 */
export interface BenchSuite {
  run(options?: Partial<SuiteOptions>): Promise<BenchTable[]>;
}

/** Multiplies a count by the scale, keeping at least `minimum`. */
export function scaled(count: number, scale: number, minimum = 1): number {
  if (!(Number.isFinite(scale) && scale > 0)) {
    throw new RangeError(`scale must be a positive number (got ${scale})`);
  }
  return Math.max(minimum, Math.round(count * scale));
}
