import { createHash } from 'node:crypto';
import type { PlannerMessage } from '../planner/conversation.ts';

/**
 * How a conversation is known in the store, the same in both integrations: a hash of the
 * text of its first user message (text parts joined by line breaks), which never changes
 * while the conversation goes on. Originals behind `ctxopt_retrieve` are kept per
 * conversation, so a handle copied into another conversation finds nothing. `''` for a
 * prompt without a user message.
 */
export function conversationIdOf(messages: readonly { role: string; text: string }[]): string {
  const first = messages.find((message) => message.role === 'user');
  return first === undefined
    ? ''
    : createHash('sha256').update(`ctxopt conversation v1\u0000${first.text}`).digest('hex');
}

/**
 * A conversation's key in this process's own memories of it (which conversations were
 * offered the retrieve tool, what the provider's cache last held): its first two messages,
 * which compression never changes.
 */
export function conversationKey(messages: readonly PlannerMessage[]): string {
  const head = messages.slice(0, 2).map((message) => `${message.role}\u0000${message.text}`);
  return createHash('sha256').update(head.join('\u0001')).digest('hex');
}

/** Conversations each of those memories holds; the oldest is forgotten past this many. */
export const REMEMBERED_CONVERSATIONS = 1_000;
