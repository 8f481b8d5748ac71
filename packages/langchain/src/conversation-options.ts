import {
  ConversationCompressor,
  type ConversationPolicyFields,
  type LevelOrMode,
  resolveConversationPolicy,
} from '@ctxopt/core';
import { type CompressedMessageFactory, compressedHistoryMessage } from './compressed-message.ts';
import type { CtxoptEventSource } from './ctxopt-events.ts';
import type { ConversationSettings } from './optimize-conversation.ts';
import { type OptimizerSourceOptions, resolveOptimizer } from './optimizer-options.ts';

/**
 * Options of `ContextOptimizerRunnable` and `contextOptimizerMiddleware`: the conversation
 * policy shared with `@ctxopt/ai-sdk` (the README's policy table), where the optimizer
 * comes from, and the message that stands for a compressed history.
 */
export type ConversationOptimizerOptions = ConversationOptimizerFields & LevelOrMode;

/** The fields of `ConversationOptimizerOptions`; `LevelOrMode` makes level and mode exclusive. */
export interface ConversationOptimizerFields
  extends OptimizerSourceOptions,
    ConversationPolicyFields {
  /**
   * Builds the message that replaces the compressed span.
   * @default a `HumanMessage` reading "Earlier conversation (compressed):" and the text
   */
  compressedMessage?: CompressedMessageFactory;
}

export function conversationSettings(
  options: ConversationOptimizerOptions,
  owner: string,
  source: CtxoptEventSource,
): ConversationSettings {
  const policy = resolveConversationPolicy(options, { owner });
  // `timeout` is the policy's deadline; it also bounds each attempt of a client built here.
  const clientSource = options.optimizer ? { ...options, timeout: undefined } : options;
  return {
    compressor: new ConversationCompressor(resolveOptimizer(clientSource, owner), policy),
    source,
    createMessage: options.compressedMessage ?? compressedHistoryMessage,
  };
}
