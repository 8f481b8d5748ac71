import { CompressionCache, DEFAULT_MIN_TOKENS } from '@ctxopt/core';
import { checkCompressSettings, checkCount } from './compress-settings.ts';
import { type CompressedMessageFactory, compressedHistoryMessage } from './compressed-message.ts';
import type { CtxoptEventSource } from './ctxopt-events.ts';
import type { ConversationSettings } from './optimize-conversation.ts';
import { type ContextOptimizerOptions, resolveOptimizer } from './optimizer-options.ts';

/** Options of `ContextOptimizerRunnable` and `contextOptimizerMiddleware`. */
export interface ConversationOptimizerOptions extends ContextOptimizerOptions {
  /** How many messages at the end stay as they are, besides the last user turn. @default 0 */
  protectLastMessages?: number;
  /** Roles never compressed. @default ['system'] */
  pinnedRoles?: readonly string[];
  /**
   * Builds the message that replaces the compressed span.
   * @default a `HumanMessage` reading "Earlier conversation (compressed):" and the text
   */
  compressedMessage?: CompressedMessageFactory;
  /**
   * How many recent compressions are reused when the same span and query come again
   * (each step of an agent's tool loop); `0` sends every time. @default 32
   */
  cacheSize?: number;
}

export function conversationSettings(
  options: ConversationOptimizerOptions,
  owner: string,
  source: CtxoptEventSource,
): ConversationSettings {
  return {
    ...checkCompressSettings(options, owner, DEFAULT_MIN_TOKENS),
    optimizer: resolveOptimizer(options, owner),
    source,
    protectLastMessages: checkCount(
      owner,
      'protectLastMessages',
      options.protectLastMessages ?? 0,
      0,
    ),
    pinnedRoles: options.pinnedRoles ?? ['system'],
    createMessage: options.compressedMessage ?? compressedHistoryMessage,
    cache: new CompressionCache(checkCount(owner, 'cacheSize', options.cacheSize ?? 32, 0)),
  };
}
