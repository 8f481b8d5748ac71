import { InvalidArgumentError, type LanguageModelV4Message } from '@ai-sdk/provider';
import {
  type CompressionLevel,
  type CompressionMode,
  type ContextOptimizer,
  compressionLevels,
  compressionModes,
  DEFAULT_MIN_TOKENS,
  type ProviderId,
} from '@ctxopt/core';
import { createCompressedMessage } from './compressed-message.ts';
import type { ContextOptimizerMiddlewareOptions } from './context-optimizer-middleware.ts';
import { resolveOptimizer } from './optimizer-source.ts';
import type { ContextOptimizerUsage } from './usage-metadata.ts';

const DEFAULT_COMPRESS_TIMEOUT_MS = 5_000;
export const DEFAULT_GENERATE_TIMEOUT_MS = 60_000;

/** The middleware's options, checked, with every default filled in. */
export interface MiddlewareSettings {
  strategy: 'compress' | 'generate';
  optimizer: ContextOptimizer;
  level: CompressionLevel | undefined;
  mode: CompressionMode | undefined;
  minTokens: number;
  protectLastMessages: number;
  compressToolHistory: boolean;
  timeout: number;
  onError: 'passthrough' | 'throw';
  onUsage: ((usage: ContextOptimizerUsage) => void) | undefined;
  provider: ProviderId | undefined;
  createMessage: (compressedText: string) => LanguageModelV4Message;
}

/** Checks the options (a broken one names its field and rule) and fills in the defaults. */
export function resolveMiddlewareSettings(
  options: ContextOptimizerMiddlewareOptions,
): MiddlewareSettings {
  const strategy = oneOf('strategy', options.strategy, ['compress', 'generate'] as const);
  const onError = oneOf('onError', options.onError, ['passthrough', 'throw'] as const);
  const level = oneOf('level', options.level, compressionLevels);
  const mode = oneOf('mode', options.mode, compressionModes);
  if (level && mode) fail('mode', 'must not be set together with level (set one of level or mode)');
  const timeout = count(
    'timeout',
    options.timeout,
    strategy === 'generate' ? DEFAULT_GENERATE_TIMEOUT_MS : DEFAULT_COMPRESS_TIMEOUT_MS,
    1,
  );
  if (options.provider !== undefined && !/^[a-z][a-z0-9._-]*$/.test(options.provider)) {
    fail('provider', 'must be a lower-case provider identifier such as "openai"');
  }
  return {
    strategy: strategy ?? 'compress',
    // The client's per-attempt timeout never outlasts the middleware's own deadline.
    optimizer: resolveOptimizer(options, options.optimizer ? {} : { timeout }),
    level,
    mode,
    minTokens: count('minTokens', options.minTokens, DEFAULT_MIN_TOKENS, 0),
    protectLastMessages: count('protectLastMessages', options.protectLastMessages, 0, 0),
    compressToolHistory: options.compressToolHistory ?? false,
    timeout,
    onError: onError ?? 'passthrough',
    onUsage: options.onUsage,
    provider: options.provider,
    createMessage: options.compressedMessage ?? createCompressedMessage,
  };
}

function oneOf<T extends string>(
  field: string,
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined || (allowed as readonly unknown[]).includes(value)) {
    return value as T | undefined;
  }
  return fail(field, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
}

function count(field: string, value: unknown, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= minimum) return value;
  return fail(field, `must be an integer of at least ${minimum} (got ${JSON.stringify(value)})`);
}

function fail(field: string, rule: string): never {
  throw new InvalidArgumentError({
    argument: field,
    message: `contextOptimizerMiddleware: ${field} ${rule}.`,
  });
}
