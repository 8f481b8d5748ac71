import {
  type ContextOptimizer,
  ContextOptimizerClient,
  type ContextOptimizerClientOptions,
  ContextOptimizerError,
  clientOptionKeys,
  isContextOptimizer,
  pickClientOptions,
} from '@ctxopt/core';
import type { LevelOrMode } from '@ctxopt/core/internal';

/**
 * Where the classes get their `ContextOptimizer`: a ready one (`optimizer`, such as a
 * `ContextOptimizerClient` or a `LocalContextOptimizer`), or the options of a new
 * `ContextOptimizerClient` (`apiKey`, `baseURL`, `timeout`, `maxRetries`, ...). Not both.
 */
export interface OptimizerSourceOptions extends ContextOptimizerClientOptions {
  /** A ready optimizer. When set, no client option may be given. */
  optimizer?: ContextOptimizer;
}

/**
 * How hard the service compresses: one of `level` (`low`, `standard`, `ultra`, `auto`) or
 * `mode` (`conservative`, `balanced`, `aggressive`), never both (spec 2.1).
 * @default the service's own default
 */
export type CompressSettingsOptions = LevelOrMode;

export type OnError = 'passthrough' | 'throw';

/** What happens around a compression call. */
export interface FailOpenOptions {
  /**
   * `passthrough`: a failed compression leaves the input as it was and dispatches the
   * `ctxopt_error` custom event; `throw`: the error propagates. @default 'passthrough'
   */
  onError?: OnError;
  /** Inputs estimated below this many tokens are not sent at all. @default 0 */
  minTokens?: number;
}

export type ContextOptimizerOptions = OptimizerSourceOptions &
  CompressSettingsOptions &
  FailOpenOptions;

/** Every key of `ContextOptimizerOptions`, for the classes that refuse an unknown one. */
export const contextOptimizerOptionKeys = [
  ...clientOptionKeys,
  'optimizer',
  'level',
  'mode',
  'onError',
  'minTokens',
] as const;

// A new option that is not listed above fails the typecheck here.
type AllOptionKeys = keyof OptimizerSourceOptions | keyof FailOpenOptions | 'level' | 'mode';
type Unlisted = Exclude<AllOptionKeys, (typeof contextOptimizerOptionKeys)[number]>;
const everyOptionListed: [Unlisted] extends [never] ? true : never = true;
void everyOptionListed;

/** Returns the given optimizer, or a new `ContextOptimizerClient` built from the client options. */
export function resolveOptimizer(options: OptimizerSourceOptions, owner: string): ContextOptimizer {
  const clientOptions = pickClientOptions(options);
  if (options.optimizer === undefined) return new ContextOptimizerClient(clientOptions);
  if (!isContextOptimizer(options.optimizer)) {
    throw new ContextOptimizerError(
      `${owner}: optimizer must implement ContextOptimizer (compress and generate methods).`,
    );
  }
  const given = Object.keys(clientOptions);
  if (given.length > 0) {
    throw new ContextOptimizerError(
      `${owner}: pass either optimizer or client options, not both (got optimizer and ${given.join(', ')}).`,
    );
  }
  return options.optimizer;
}
