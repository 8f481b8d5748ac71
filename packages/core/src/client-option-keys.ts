import type { ContextOptimizerClientOptions } from './client.ts';
import type { ContextOptimizer } from './context-optimizer.ts';

/** Every option of `ContextOptimizerClient`, for integrations that accept them next to their own. */
export const clientOptionKeys = [
  'apiKey',
  'baseURL',
  'timeout',
  'maxRetries',
  'maxResponseBytes',
  'dispatcher',
  'defaultHeaders',
  'logger',
  'logLevel',
  'dangerouslyAllowBrowser',
  'sleep',
] as const satisfies readonly (keyof ContextOptimizerClientOptions)[];

export type ClientOptionKey = (typeof clientOptionKeys)[number];

// A new client option that is not listed above fails the typecheck here.
type Unlisted = Exclude<keyof ContextOptimizerClientOptions, ClientOptionKey>;
const everyOptionListed: [Unlisted] extends [never] ? true : never = true;
void everyOptionListed;

/**
 * The client options set in `source` (an integration's options object), leaving out
 * `omit`: the keys the integration gives a meaning of its own.
 */
export function pickClientOptions(
  source: Partial<Record<ClientOptionKey, unknown>>,
  omit: readonly ClientOptionKey[] = [],
): ContextOptimizerClientOptions {
  const picked: Record<string, unknown> = {};
  for (const key of clientOptionKeys) {
    if (source[key] !== undefined && !omit.includes(key)) picked[key] = source[key];
  }
  return picked as ContextOptimizerClientOptions;
}

/** Whether a value can serve as a `ContextOptimizer`: it has `compress` and `generate`. */
export function isContextOptimizer(value: unknown): value is ContextOptimizer {
  const candidate = value as Partial<ContextOptimizer> | null | undefined;
  return typeof candidate?.compress === 'function' && typeof candidate.generate === 'function';
}
