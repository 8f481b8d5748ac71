import {
  type ClientOptionKey,
  ConversationCompressor,
  type ConversationPolicyFields,
  checkOptionKeys,
  clientOptionKeys,
  conversationPolicyKeys,
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

const ownKeys = [
  'optimizer',
  'compressedMessage',
] as const satisfies readonly (keyof ConversationOptimizerFields)[];

// An option of the type missing from the lists would be refused as unknown: the typecheck
// fails here until it is listed.
type Unlisted = Exclude<
  keyof ConversationOptimizerFields,
  (typeof ownKeys)[number] | ClientOptionKey | keyof ConversationPolicyFields
>;
const everyOptionListed: [Unlisted] extends [never] ? true : never = true;
void everyOptionListed;

/** Every option of `ContextOptimizerRunnable` and `contextOptimizerMiddleware`: the policy's (from core), the client's, their own. */
const conversationOptionKeys: readonly string[] = [
  ...conversationPolicyKeys,
  ...clientOptionKeys,
  ...ownKeys,
];

export function conversationSettings(
  options: ConversationOptimizerOptions,
  owner: string,
  source: CtxoptEventSource,
): ConversationSettings {
  checkOptionKeys(options, conversationOptionKeys, { owner });
  const policy = resolveConversationPolicy(options, { owner });
  // `timeout` is the policy's deadline; it also bounds each attempt of a client built here.
  const clientSource = options.optimizer ? { ...options, timeout: undefined } : options;
  return {
    compressor: new ConversationCompressor(resolveOptimizer(clientSource, owner), policy),
    source,
    createMessage: options.compressedMessage ?? compressedHistoryMessage,
  };
}
