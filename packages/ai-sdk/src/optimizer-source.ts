import { InvalidArgumentError } from '@ai-sdk/provider';
import {
  type ContextOptimizer,
  ContextOptimizerClient,
  type ContextOptimizerClientOptions,
  pickClientOptions,
} from '@ctxopt/core';

/**
 * @example
 * ```ts
 * contextOptimizerMiddleware({ apiKey: process.env.CTXOPT_API_KEY, baseURL: 'https://api.example.com' });
 * contextOptimizerMiddleware({ optimizer: new ContextOptimizerClient({ maxRetries: 1 }) });
 * ```
 *
 * How a factory gets its optimizer: a ready one (`ContextOptimizerClient`,
 * `LocalContextOptimizer`, or anything that implements `ContextOptimizer`), or the
 * options of a `ContextOptimizerClient` to build (`apiKey`, `baseURL`, ...).
 */
export interface OptimizerSourceOptions
  extends Omit<ContextOptimizerClientOptions, 'timeout' | 'sleep'> {
  /** A ready optimizer; when given, the client options must be left out. */
  optimizer?: ContextOptimizer;
}

/** The optimizer given, or a new client built from the options (with `overrides` on top). */
export function resolveOptimizer(
  options: OptimizerSourceOptions,
  overrides: ContextOptimizerClientOptions = {},
): ContextOptimizer {
  // `timeout` is the integration's own deadline here, and `sleep` is not offered.
  const clientOptions = pickClientOptions(options, ['timeout', 'sleep']);
  if (options.optimizer) {
    const extra = Object.keys(clientOptions);
    if (extra.length > 0) {
      throw new InvalidArgumentError({
        argument: 'optimizer',
        message: `Pass either optimizer or client options, not both (got optimizer and ${extra.join(', ')}).`,
      });
    }
    return options.optimizer;
  }
  return new ContextOptimizerClient({ ...clientOptions, ...overrides });
}

/** The address an operation went to, for error reports: the client's URL when it has one. */
export function endpointOf(optimizer: ContextOptimizer, path: string): string {
  const baseURL = (optimizer as { baseURL?: unknown }).baseURL;
  return typeof baseURL === 'string' ? `${baseURL}${path}` : path;
}
