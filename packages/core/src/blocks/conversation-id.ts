import { createHash } from 'node:crypto';

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
