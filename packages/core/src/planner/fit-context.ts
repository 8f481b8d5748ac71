import { type ContextMessage, MAX_CONTEXT_MESSAGES } from '../schemas.ts';

/**
 * The contract takes at most 500 messages in `context` (spec 2.1). A longer span goes as
 * one transcript string instead, which the contract also accepts, so a long history is
 * still compressed rather than refused.
 */
export function fitContext(messages: readonly ContextMessage[]): ContextMessage[] | string {
  if (messages.length <= MAX_CONTEXT_MESSAGES) return [...messages];
  return messages.map((message) => `${message.role}: ${message.content}`).join('\n\n');
}
