import { RETRIEVE_TOOL_NAME } from '@ctxopt/core';
import type { ChatCompletionsRequest, ScriptedReply } from './fake-openai-chat.ts';

const textOf = (content: unknown) =>
  typeof content === 'string' ? content : JSON.stringify(content);

/**
 * A scripted model for the store's tenancy and trust tests: asked about a batch it calls
 * `lookup`, told to "Retrieve cx…" it calls `ctxopt_retrieve` with that handle, and after a
 * tool result it answers.
 */
export function retrievingLookupScript(
  index: number,
  request: ChatCompletionsRequest,
): ScriptedReply {
  const last = request.messages.at(-1)!;
  if (last.role === 'tool') return { text: 'Done.' };
  const question = textOf(last.content);
  const handle = /Retrieve (cx\w+)/.exec(question)?.[1];
  if (handle) {
    return {
      toolCalls: [{ id: `call_r${index}`, name: RETRIEVE_TOOL_NAME, arguments: { handle } }],
    };
  }
  const batch = /batch (\d+)/.exec(question)?.[1];
  if (batch) {
    return {
      toolCalls: [{ id: `call_${index}`, name: 'lookup', arguments: { batch: Number(batch) } }],
    };
  }
  return { text: 'Noted.' };
}

/** The handles printed after compressed parts in the prompts a provider received. */
export function handlesIn(requests: readonly ChatCompletionsRequest[]): Set<string> {
  const found = new Set<string>();
  for (const match of JSON.stringify(requests).matchAll(/handle\\+":\\+"(cx[0-9a-f]{32})/g)) {
    found.add(match[1]!);
  }
  return found;
}
