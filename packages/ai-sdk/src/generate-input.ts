import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { type ContextMessage, fitContext } from '@ctxopt/core';
import { toPlannerMessages } from './planner-messages.ts';

/** The `context` and `query` of a `/v1/generate` body. */
export interface GenerateInput {
  context: ContextMessage[] | string;
  query?: string;
}

/**
 * Maps a prompt to the generate body: the last message, when it is a user message, is
 * the `query`; everything before it (system messages included, tool calls and results
 * rendered as text, reasoning left out) is the `context`. With no history, the query is
 * also the context, since the contract wants one and the service needs something to
 * work on.
 */
export function toGenerateInput(prompt: LanguageModelV4Prompt): GenerateInput {
  const messages = toPlannerMessages(prompt)
    .filter((message) => message.text.length > 0)
    .map((message) => ({ role: message.role, content: message.text }));
  const last = messages.at(-1);
  if (last?.role !== 'user' || prompt.at(-1)?.role !== 'user') {
    return { context: fitContext(messages) };
  }
  const history = messages.slice(0, -1);
  return { context: fitContext(history.length > 0 ? history : [last]), query: last.content };
}

/** Whether the prompt holds content that text cannot carry (files, custom parts). */
export function hasFileParts(prompt: LanguageModelV4Prompt): boolean {
  return prompt.some(
    (message) =>
      message.role !== 'system' &&
      message.content.some(
        (part) =>
          part.type === 'file' ||
          part.type === 'reasoning-file' ||
          part.type === 'custom' ||
          (part.type === 'tool-result' &&
            part.output.type === 'content' &&
            part.output.value.some((item) => item.type !== 'text')),
      ),
  );
}
