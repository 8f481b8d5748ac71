import type { LanguageModelV4Message } from '@ai-sdk/provider';
import { COMPRESSED_HISTORY_HEADER, compressedHistoryText } from '@ctxopt/core';

/**
 * The line that introduces the compressed text, so the model reads it as earlier history.
 *
 * @example
 * ```ts
 * const condensed = prompt.find((message) =>
 *   message.role === 'user' && message.content[0]?.type === 'text' &&
 *   message.content[0].text.startsWith(COMPRESSED_CONTEXT_HEADER));
 * ```
 */
export const COMPRESSED_CONTEXT_HEADER = COMPRESSED_HISTORY_HEADER;

/**
 * The default `compressedMessage` of the middleware; wrap it to change the wording.
 *
 * @example
 * ```ts
 * contextOptimizerMiddleware({
 *   compressedMessage: (text) => createCompressedMessage(`(summary of earlier turns)\n${text}`),
 * });
 * ```
 *
 * The message that takes the place of the compressed span: a `user` message, since a
 * `system` message after the first turn is rejected by some providers (Anthropic) and
 * an `assistant` message would put words in the model's mouth. Providers that want
 * alternating roles merge it with a neighbouring user message.
 */
export function createCompressedMessage(compressedText: string): LanguageModelV4Message {
  return {
    role: 'user',
    content: [{ type: 'text', text: compressedHistoryText(compressedText) }],
  };
}
