import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type {
  ConversationCallOptions,
  ConversationCompressor,
  ConversationPolicy,
} from '@ctxopt/core';
import { optionError } from './error-mapping.ts';

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
 * `streamText` and friends: every policy option but `tokenCounter`, `onCompress` and
 * `cacheSize`, checked like the middleware's own. The wrapped model never sees them.
 *
 * @example
 * ```ts
 * await streamText({ model, messages, providerOptions: { ctxopt: { disabled: true } } });
 * await generateText({ model, messages, providerOptions: { ctxopt: { toolResults: { keepLast: 1 } } } });
 * ```
 */
export type ContextOptimizerCallOptions = ConversationCallOptions;

/**
 * Takes `providerOptions.ctxopt` out of the provider options and returns the policy for
 * this call. A broken option is a programming error, so it throws even when the
 * middleware fails open.
 */
export function takeCallOptions(
  providerOptions: SharedV4ProviderOptions | undefined,
  compressor: ConversationCompressor,
): {
  policy: ConversationPolicy;
  key: string;
  providerOptions: SharedV4ProviderOptions | undefined;
} {
  if (!providerOptions || !(CTXOPT_KEY in providerOptions)) {
    return { policy: compressor.policy, key: '', providerOptions };
  }
  const { [CTXOPT_KEY]: raw, ...rest } = providerOptions;
  let policy: ConversationPolicy;
  try {
    policy = compressor.policyFor(raw, { prefix: `providerOptions.${CTXOPT_KEY}.` });
  } catch (error) {
    throw optionError(error);
  }
  return {
    policy,
    key: JSON.stringify(raw) ?? '',
    providerOptions: Object.keys(rest).length > 0 ? rest : undefined,
  };
}
