import { ContextOptimizerError, compressionLevels, compressionModes } from '@ctxopt/core';
import type { LevelOrMode } from '@ctxopt/core/internal';
import type { CompressSettingsOptions, FailOpenOptions, OnError } from './optimizer-options.ts';

/** The checked form of the compress options, ready to spread into a request body. */
export interface CompressSettings {
  /** `{ level }`, `{ mode }` or `{}`: the fields each request carries. */
  body: LevelOrMode;
  onError: OnError;
  minTokens: number;
}

/**
 * Checks the compress options once, at construction, so that a wrong setting fails where
 * it is written rather than on the first request (or, worse, silently falls open).
 */
export function checkCompressSettings(
  options: CompressSettingsOptions & FailOpenOptions,
  owner: string,
  defaultMinTokens = 0,
): CompressSettings {
  const fail = (message: string) => {
    throw new ContextOptimizerError(`${owner}: ${message}`);
  };
  const { level, mode } = options;
  if (level !== undefined && mode !== undefined) {
    fail('level and mode must not both be set (the service takes one of them).');
  }
  if (level !== undefined && !compressionLevels.includes(level)) {
    fail(`level must be one of ${compressionLevels.join(', ')} (got ${JSON.stringify(level)}).`);
  }
  if (mode !== undefined && !compressionModes.includes(mode)) {
    fail(`mode must be one of ${compressionModes.join(', ')} (got ${JSON.stringify(mode)}).`);
  }
  const onError = options.onError ?? 'passthrough';
  if (onError !== 'passthrough' && onError !== 'throw') {
    fail(`onError must be 'passthrough' or 'throw' (got ${JSON.stringify(onError)}).`);
  }
  const minTokens = options.minTokens ?? defaultMinTokens;
  if (typeof minTokens !== 'number' || !Number.isFinite(minTokens) || minTokens < 0) {
    fail(`minTokens must be a number of at least 0 (got ${JSON.stringify(minTokens)}).`);
  }
  const body = level !== undefined ? { level } : mode !== undefined ? { mode } : {};
  return { body, onError, minTokens };
}

/** Checks a whole-number option such as `concurrency` or `protectLastMessages`. */
export function checkCount(owner: string, field: string, value: number, minimum: number): number {
  if (!Number.isInteger(value) || value < minimum) {
    throw new ContextOptimizerError(
      `${owner}: ${field} must be an integer of at least ${minimum} (got ${JSON.stringify(value)}).`,
    );
  }
  return value;
}
