import type { PlannerMessage } from '@ctxopt/core';
import { AIMessage, type BaseMessage, ChatMessage, ToolMessage } from '@langchain/core/messages';

/** Content blocks that hold a model's reasoning, by provider. */
const reasoningTypes = new Set(['reasoning', 'thinking', 'redacted_thinking']);

/**
 * LangChain messages seen the planner's way, index for index. Text is what would be
 * sent for compression; tool calls are rendered as text so that the compressed history
 * still says which tools ran; any part that is not text pins the message as it is. A
 * `ToolMessage` with text content is offered for compression in place.
 */
export function toPlannerMessages(messages: readonly BaseMessage[]): PlannerMessage[] {
  // A ToolMessage may carry no `name` (built by hand, or deserialized): its tool is the
  // one its paired call names, so `toolResults.exclude` still finds it.
  const callNames = new Map<string, string>();
  for (const message of messages) {
    if (!AIMessage.isInstance(message)) continue;
    for (const call of message.tool_calls ?? []) {
      if (call.id !== undefined && !callNames.has(call.id)) callNames.set(call.id, call.name);
    }
  }
  return messages.map((message) => toPlannerMessage(message, callNames));
}

function toPlannerMessage(
  message: BaseMessage,
  callNames: ReadonlyMap<string, string>,
): PlannerMessage {
  const { content } = message;
  const parts = typeof content === 'string' ? (content.length > 0 ? [content] : []) : content;
  const reasoningParts = parts.filter(
    (part) => typeof part !== 'string' && reasoningTypes.has(part.type),
  ).length;
  const planned: PlannerMessage = {
    role: roleOf(message),
    text: messageText(message),
    hasNonTextParts: hasNonTextParts(message),
    contentParts: parts.length - reasoningParts,
  };
  if (reasoningParts > 0) planned.reasoning = 'free';
  if (AIMessage.isInstance(message) && message.tool_calls?.length) {
    // A call without an id cannot be paired with its result: an id no result carries
    // makes the planner keep the message as it is rather than orphan a result.
    planned.toolCalls = message.tool_calls.map((call, index) => ({
      id: call.id ?? `ctxopt-unpaired-${index}`,
      name: call.name,
      arguments: JSON.stringify(call.args) ?? '',
    }));
    planned.toolCallIds = planned.toolCalls.map((call) => call.id);
    planned.contentParts = (planned.contentParts ?? 0) + message.tool_calls.length;
  }
  if (ToolMessage.isInstance(message)) {
    planned.toolResultIds = [message.tool_call_id];
    planned.toolResults = [
      {
        toolCallId: message.tool_call_id,
        toolName: message.name || callNames.get(message.tool_call_id) || 'tool',
        text: planned.hasNonTextParts ? undefined : planned.text,
      },
    ];
    // A tool result is never removed, even when empty: its call needs it.
    planned.contentParts = Math.max(1, planned.contentParts ?? 0);
  }
  return planned;
}

/** `user`, `assistant`, `system`, `tool`, or a `ChatMessage`'s own role. */
function roleOf(message: BaseMessage): string {
  const type = message.getType();
  if (type === 'human') return 'user';
  if (type === 'ai') return 'assistant';
  if (type === 'generic' && ChatMessage.isInstance(message)) return message.role;
  return type;
}

/** The message's text parts, plus its tool calls rendered as text. */
function messageText(message: BaseMessage): string {
  const parts: string[] = [];
  const { content } = message;
  if (typeof content === 'string') {
    if (content.length > 0) parts.push(content);
  } else {
    for (const part of content) {
      if (typeof part === 'string') parts.push(part);
      else if (part.type === 'text' && typeof part.text === 'string') parts.push(part.text);
    }
  }
  if (AIMessage.isInstance(message)) {
    for (const call of message.tool_calls ?? []) {
      parts.push(`[tool call ${call.name}: ${JSON.stringify(call.args)}]`);
    }
  }
  return parts.join('\n');
}

/** Block types that restate one of the message's `tool_calls` (Anthropic's, LangChain's v1). */
const toolCallBlockTypes = new Set(['tool_use', 'tool_call']);

/**
 * Images, files, reasoning and provider blocks cannot be carried by text. A block that
 * restates one of the message's tool calls can: the call is rendered in the text.
 */
function hasNonTextParts(message: BaseMessage): boolean {
  const { content } = message;
  if (typeof content === 'string') return false;
  const callIds = new Set(
    AIMessage.isInstance(message) ? (message.tool_calls ?? []).map((call) => call.id) : [],
  );
  return content.some(
    (part) =>
      typeof part !== 'string' &&
      part.type !== 'text' &&
      !(toolCallBlockTypes.has(part.type) && callIds.has((part as { id?: string }).id)),
  );
}
