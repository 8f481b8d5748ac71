import type { CompressionLevel, CompressionMode } from '@ctxopt/core';

/**
 * How hard each `level` and `mode` compresses, as a target ratio of input tokens to
 * output tokens (the output budget is `floor(inputTokens / ratio)`).
 *
 * | setting              | target ratio | keeps about |
 * | -------------------- | ------------ | ----------- |
 * | level `low`          | 2x           | 50%         |
 * | level `standard`     | 4x           | 25%         |
 * | level `ultra`        | 10x          | 10%         |
 * | mode `conservative`  | 1.5x         | 67%         |
 * | mode `balanced`      | 3x           | 33%         |
 * | mode `aggressive`    | 6x           | 17%         |
 *
 * `auto`, or neither `level` nor `mode`, picks by input size and by whether a query
 * guides the selection (without one, salience alone decides, so it cuts less):
 *
 * | input tokens      | with a query | without |
 * | ----------------- | ------------ | ------- |
 * | under 1,000       | 2x           | 1.5x    |
 * | 1,000 to 9,999    | 4x           | 2x      |
 * | 10,000 and more   | 6x           | 3x      |
 *
 * Inputs under `SKIP_BELOW_TOKENS` tokens come back unchanged (status `skipped`).
 */

export const SKIP_BELOW_TOKENS = 100;

export const LEVEL_RATIOS: Readonly<Record<Exclude<CompressionLevel, 'auto'>, number>> = {
  low: 2,
  standard: 4,
  ultra: 10,
};

export const MODE_RATIOS: Readonly<Record<CompressionMode, number>> = {
  conservative: 1.5,
  balanced: 3,
  aggressive: 6,
};

export interface TargetOptions {
  level?: CompressionLevel | undefined;
  mode?: CompressionMode | undefined;
  inputTokens: number;
  hasQuery: boolean;
}

function autoRatio(inputTokens: number, hasQuery: boolean): number {
  if (inputTokens < 1_000) return hasQuery ? 2 : 1.5;
  if (inputTokens < 10_000) return hasQuery ? 4 : 2;
  return hasQuery ? 6 : 3;
}

/** The target ratio for a request. */
export function targetRatio(options: TargetOptions): number {
  if (options.mode !== undefined) return MODE_RATIOS[options.mode];
  if (options.level !== undefined && options.level !== 'auto') return LEVEL_RATIOS[options.level];
  return autoRatio(options.inputTokens, options.hasQuery);
}
