import type { ConversationPlan } from './conversation.ts';

/**
 * Replaces the plan's span with one message built from the compressed text; everything
 * else keeps its place and identity. An empty compressed text removes the span.
 */
export function applyPlan<T>(
  messages: readonly T[],
  plan: ConversationPlan,
  compressedText: string,
  createMessage: (compressedText: string) => T,
): T[] {
  const replacement = compressedText.length > 0 ? [createMessage(compressedText)] : [];
  return [...messages.slice(0, plan.spanStart), ...replacement, ...messages.slice(plan.spanEnd)];
}
