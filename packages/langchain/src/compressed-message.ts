import type { CompressResponse } from '@ctxopt/core';
import { type BaseMessage, HumanMessage } from '@langchain/core/messages';

/** Builds the one message that stands for a compressed span of the conversation. */
export type CompressedMessageFactory = (
  compressedText: string,
  response: CompressResponse,
) => BaseMessage;

export const COMPRESSED_HISTORY_HEADER = 'Earlier conversation (compressed):';

/**
 * The default stand-in for a compressed span: a `HumanMessage` whose text says what it
 * is. A user turn, not a system message, because several providers accept system text
 * only at the very start of a prompt, and the span usually follows the system prompt.
 */
export const compressedHistoryMessage: CompressedMessageFactory = (compressedText, response) =>
  new HumanMessage({
    content: `${COMPRESSED_HISTORY_HEADER}\n\n${compressedText}`,
    id: `ctxopt-${response.requestId}`,
  });
