import type { LanguageModelV4Message } from '@ai-sdk/provider';
import {
  type ContextOptimizer,
  ConversationCompressor,
  type ConversationPolicy,
  type ConversationPolicyOptions,
  checkOptionKeys,
  type ProviderId,
  resolveConversationPolicy,
} from '@ctxopt/core';
import { createCompressedMessage } from './compressed-message.ts';
import { optionError } from './error-mapping.ts';
import type { ContextOptimizerMiddlewareOptions } from './middleware-options.ts';
import { resolveOptimizer } from './optimizer-source.ts';
import { middlewareOptionKeys } from './option-keys.ts';
import { isLanguageModel, judgeWithModel } from './shadow-judge-model.ts';
import type { ContextOptimizerUsage } from './usage-metadata.ts';

export const DEFAULT_GENERATE_TIMEOUT_MS = 60_000;

/** The middleware's options, checked, with every default filled in. */
export interface MiddlewareSettings {
  strategy: 'compress' | 'generate';
  optimizer: ContextOptimizer;
  /** The conversation policy shared with `@ctxopt/langchain`, at work. */
  compressor: ConversationCompressor;
  policy: ConversationPolicy;
  /** The generate strategy's deadline (the policy's `timeout` when given, else 60 s). */
  generateTimeout: number;
  onUsage: ((usage: ContextOptimizerUsage) => void) | undefined;
  provider: ProviderId | undefined;
  createMessage: (compressedText: string) => LanguageModelV4Message;
}

const owner = 'contextOptimizerMiddleware';

/** Checks the options (a broken one names its field and rule) and fills in the defaults. */
export function resolveMiddlewareSettings(
  options: ContextOptimizerMiddlewareOptions,
): MiddlewareSettings {
  try {
    checkOptionKeys(options, middlewareOptionKeys, { owner });
  } catch (error) {
    throw optionError(error);
  }
  const strategy = options.strategy ?? 'compress';
  if (strategy !== 'compress' && strategy !== 'generate') {
    throw optionError(
      'strategy',
      `must be one of compress, generate (got ${JSON.stringify(strategy)})`,
      owner,
    );
  }
  if (options.provider !== undefined && !/^[a-z][a-z0-9._-]*$/.test(options.provider)) {
    throw optionError(
      'provider',
      'must be a lower-case provider identifier such as "openai"',
      owner,
    );
  }
  if (strategy === 'generate' && (options.shadow || options.observe || options.adapt)) {
    throw optionError(
      'shadow',
      "needs strategy 'compress' (with 'generate' the service answers from the compressed prompt itself)",
      owner,
    );
  }
  let policy: ConversationPolicy;
  try {
    policy = resolveConversationPolicy(withJudgeFunction(options), { owner });
  } catch (error) {
    throw optionError(error);
  }
  const generateTimeout = options.timeout ?? DEFAULT_GENERATE_TIMEOUT_MS;
  // The client's per-attempt timeout never outlasts the middleware's own deadline.
  const timeout = strategy === 'generate' ? generateTimeout : policy.timeout;
  const optimizer = resolveOptimizer(options, options.optimizer ? {} : { timeout });
  return {
    strategy,
    optimizer,
    compressor: new ConversationCompressor(optimizer, policy),
    policy,
    generateTimeout,
    onUsage: options.onUsage,
    provider: options.provider,
    createMessage: options.compressedMessage ?? createCompressedMessage,
  };
}

/** `shadow.judge` given as an AI SDK model becomes an LLM-as-judge function for core. */
function withJudgeFunction(options: ContextOptimizerMiddlewareOptions): ConversationPolicyOptions {
  const { shadow } = options;
  if (typeof shadow !== 'object' || shadow === null || !isLanguageModel(shadow.judge)) {
    return options as ConversationPolicyOptions;
  }
  return {
    ...options,
    shadow: { ...shadow, judge: judgeWithModel(shadow.judge) },
  } as ConversationPolicyOptions;
}
