import { type ContextMessage, ContextOptimizerError } from '@ctxopt/core';
import type { BaseMessage } from '@langchain/core/messages';
import { toPlannerMessages } from './message-mapping.ts';

/** The `context` and `query` of a generate request. */
export interface GenerateContext {
  context: ContextMessage[];
  query?: string;
}

/**
 * Maps a conversation onto a generate body: the last human message is the `query` (the
 * planner's rule), every other message with text joins `context` as `{ role, content }`
 * in order, tool calls rendered as text. The endpoint takes text only, so a message with
 * an image or a file is refused rather than silently answered without it.
 */
export function toGenerateContext(messages: readonly BaseMessage[]): GenerateContext {
  const planned = toPlannerMessages(messages);
  const withMedia = planned.findIndex((message) => message.hasNonTextParts);
  if (withMedia !== -1) {
    throw new ContextOptimizerError(
      `ChatContextOptimizer: message ${withMedia} has non-text content (an image, a file or another block), which POST /v1/generate cannot take.`,
    );
  }
  const queryIndex = planned.findLastIndex((message) => message.role === 'user');
  const query = planned[queryIndex]?.text;
  const context = planned
    .filter((message, index) => index !== queryIndex && message.text.length > 0)
    .map((message) => ({ role: message.role, content: message.text }));
  return { context, ...(query ? { query } : {}) };
}
