import { InvalidArgumentError, type SharedV4ProviderOptions } from '@ai-sdk/provider';
import {
  type CompressionLevel,
  type CompressionMode,
  compressionLevels,
  compressionModes,
} from '@ctxopt/core';

/**
 * The key of this package's per-call options in `providerOptions` and of its `providerMetadata`.
 *
 * @example
 * ```ts
 * const result = await generateText({ model, messages, providerOptions: { [CTXOPT_KEY]: { level: 'ultra' } } });
 * console.log(result.providerMetadata?.[CTXOPT_KEY]?.savedTokens);
 * ```
 */
export const CTXOPT_KEY = 'ctxopt';

/**
 * Per-call options, given as `providerOptions: { ctxopt: { ... } }` to `generateText`,
 * `streamText` and friends. The wrapped model never sees them.
 *
 * @example
 * ```ts
 * await streamText({ model, messages, providerOptions: { ctxopt: { disabled: true } } });
 * await generateText({ model, messages, providerOptions: { ctxopt: { mode: 'aggressive' } } });
 * ```
 */
export interface ContextOptimizerCallOptions {
  /** Compression level for this call; replaces the default `level` or `mode`. */
  level?: CompressionLevel;
  /** Compression mode for this call; replaces the default `level` or `mode`. */
  mode?: CompressionMode;
  /** Skip the service for this call: the wrapped model gets the prompt as it is. @default false */
  disabled?: boolean;
  /** Replaces the middleware's `minTokens` for this call. */
  minTokens?: number;
}

const knownKeys = new Set(['level', 'mode', 'disabled', 'minTokens']);

/**
 * Reads and checks `providerOptions.ctxopt`, and returns the provider options without
 * it. A broken option is a programming error, so it throws even when the middleware
 * fails open.
 */
export function takeCallOptions(providerOptions: SharedV4ProviderOptions | undefined): {
  callOptions: ContextOptimizerCallOptions;
  providerOptions: SharedV4ProviderOptions | undefined;
} {
  if (!providerOptions || !(CTXOPT_KEY in providerOptions)) {
    return { callOptions: {}, providerOptions };
  }
  const { [CTXOPT_KEY]: raw, ...rest } = providerOptions;
  return {
    callOptions: checkCallOptions(raw),
    providerOptions: Object.keys(rest).length > 0 ? rest : undefined,
  };
}

function checkCallOptions(raw: unknown): ContextOptimizerCallOptions {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalid('', 'must be an object such as { level: "standard" }');
  }
  const value = raw as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (!knownKeys.has(key)) {
      throw invalid(`.${key}`, `is not an option (known: ${[...knownKeys].join(', ')})`);
    }
  }
  const options: ContextOptimizerCallOptions = {};
  if (value.level !== undefined) options.level = oneOf('level', value.level, compressionLevels);
  if (value.mode !== undefined) options.mode = oneOf('mode', value.mode, compressionModes);
  if (options.level && options.mode) {
    throw invalid('.mode', 'must not be set together with level (set one of level or mode)');
  }
  if (value.disabled !== undefined) {
    if (typeof value.disabled !== 'boolean') throw invalid('.disabled', 'must be a boolean');
    options.disabled = value.disabled;
  }
  if (value.minTokens !== undefined) {
    const minTokens = value.minTokens;
    if (typeof minTokens !== 'number' || !Number.isInteger(minTokens) || minTokens < 0) {
      throw invalid('.minTokens', 'must be an integer of at least 0');
    }
    options.minTokens = minTokens;
  }
  return options;
}

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) {
    return value as T;
  }
  throw invalid(`.${field}`, `must be one of ${allowed.join(', ')}`);
}

function invalid(path: string, rule: string): InvalidArgumentError {
  const argument = `providerOptions.${CTXOPT_KEY}${path}`;
  return new InvalidArgumentError({ argument, message: `${argument} ${rule}.` });
}

/** The call's level or mode when it names one, else the defaults: never both. */
export function pickLevelOrMode(
  call: { level?: CompressionLevel; mode?: CompressionMode },
  defaults: { level?: CompressionLevel; mode?: CompressionMode },
): { level?: CompressionLevel; mode?: CompressionMode } {
  const source = call.level || call.mode ? call : defaults;
  return {
    ...(source.level ? { level: source.level } : {}),
    ...(source.mode ? { mode: source.mode } : {}),
  };
}
