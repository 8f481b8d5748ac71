import {
  COMPRESSED_HISTORY_HEADER,
  type CompressedSpanReport,
  compressedHistoryText,
} from '@ctxopt/core';
import { type BaseMessage, HumanMessage } from '@langchain/core/messages';

/** Builds the one message that stands for a compressed span of the conversation. */
export type CompressedMessageFactory = (
  compressedText: string,
  span: CompressedSpanReport,
) => BaseMessage;

export { COMPRESSED_HISTORY_HEADER };

/**
 * The default stand-in for a compressed span: a `HumanMessage` whose text says what it
 * is. A user turn, not a system message, because several providers accept system text
 * only at the very start of a prompt, and the span usually follows the system prompt.
 */
export const compressedHistoryMessage: CompressedMessageFactory = (compressedText, span) =>
  new HumanMessage({
    content: compressedHistoryText(compressedText),
    ...(span.requestId ? { id: `ctxopt-${span.requestId}` } : {}),
  });
