import type { PlannerMessage } from './conversation.ts';

/** The arguments of every tool call of the conversation, by call id. */
export function toolCallArguments(messages: readonly PlannerMessage[]): Map<string, string> {
  const calls = new Map<string, string>();
  for (const message of messages) {
    for (const call of message.toolCalls ?? []) calls.set(call.id, call.arguments);
  }
  return calls;
}

/**
 * The query a tool result is compressed against: the question of its turn and the call
 * that produced it. Both are known when the result arrives and never change afterwards,
 * so a result compressed once against this query can be reused byte for byte later.
 */
export function toolResultQuery(
  question: string | undefined,
  toolName: string,
  callArguments: string | undefined,
): string {
  return [
    question,
    `Tool call ${toolName}${callArguments === undefined ? '' : `: ${callArguments}`}`,
  ]
    .filter((line) => line !== undefined && line.length > 0)
    .join('\n');
}
