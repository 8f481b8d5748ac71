import type { LanguageModelV4Message } from '@ai-sdk/provider';

/** The line that introduces the compressed text, so the model reads it as earlier history. */
export const COMPRESSED_CONTEXT_HEADER = 'The earlier part of this conversation, condensed:';

/**
 * The message that takes the place of the compressed span: a `user` message, since a
 * `system` message after the first turn is rejected by some providers (Anthropic) and
 * an `assistant` message would put words in the model's mouth. Providers that want
 * alternating roles merge it with a neighbouring user message.
 */
export function createCompressedMessage(compressedText: string): LanguageModelV4Message {
  return {
    role: 'user',
    content: [{ type: 'text', text: `${COMPRESSED_CONTEXT_HEADER}\n\n${compressedText}` }],
  };
}
