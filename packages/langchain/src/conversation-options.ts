import {
  ConversationCompressor,
  type ConversationPolicyFields,
  type ConversationPolicyOptions,
  checkOptionKeys,
  clientOptionKeys,
  conversationPolicyKeys,
  resolveConversationPolicy,
  type ShadowJudge,
  type ShadowOptions,
} from '@ctxopt/core';
import type { ClientOptionKey, LevelOrMode } from '@ctxopt/core/internal';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { type CompressedMessageFactory, compressedHistoryMessage } from './compressed-message.ts';
import type { CtxoptEventSource } from './ctxopt-events.ts';
import type { ConversationSettings } from './optimize-conversation.ts';
import { type OptimizerSourceOptions, resolveOptimizer } from './optimizer-options.ts';
import { isChatModel, judgeWithChatModel } from './shadow-answer.ts';

/**
 * Options of `ContextOptimizerRunnable` and `contextOptimizerMiddleware`: the conversation
 * policy shared with `@ctxopt/ai-sdk` (the README's policy table), where the optimizer
 * comes from, and the message that stands for a compressed history.
 */
export type ConversationOptimizerOptions = ConversationOptimizerFields & LevelOrMode;

/** The fields of `ConversationOptimizerOptions`; `LevelOrMode` makes level and mode exclusive. */
export interface ConversationOptimizerFields
  extends OptimizerSourceOptions,
    Omit<ConversationPolicyFields, 'shadow'> {
  /**
   * Shadow evaluation (the README's "Shadow evaluation"): `judge` may be a function or a
   * LangChain chat model (LLM-as-judge with a short fixed rubric). @default off
   */
  shadow?: boolean | (Omit<ShadowOptions, 'judge'> & { judge?: ShadowJudge | BaseChatModel });
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
  const policy = resolveConversationPolicy(withJudgeFunction(options), { owner });
  // `timeout` is the policy's deadline; it also bounds each attempt of a client built here.
  const clientSource = options.optimizer ? { ...options, timeout: undefined } : options;
  return {
    compressor: new ConversationCompressor(resolveOptimizer(clientSource, owner), policy),
    source,
    createMessage: options.compressedMessage ?? compressedHistoryMessage,
  };
}

/** `shadow.judge` given as a chat model becomes an LLM-as-judge function for core. */
function withJudgeFunction(options: ConversationOptimizerOptions): ConversationPolicyOptions {
  const { shadow } = options;
  if (typeof shadow !== 'object' || shadow === null || !isChatModel(shadow.judge)) {
    return options as ConversationPolicyOptions;
  }
  return {
    ...options,
    shadow: { ...shadow, judge: judgeWithChatModel(shadow.judge) },
  } as ConversationPolicyOptions;
}
