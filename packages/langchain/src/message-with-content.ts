import {
  AIMessage,
  type BaseMessage,
  ChatMessage,
  HumanMessage,
  type MessageContent,
  ToolMessage,
} from '@langchain/core/messages';

/**
 * A copy of a human, assistant, tool or chat message with another content and every
 * other field kept (ids, tool calls, metadata, usage); `undefined` for any other kind.
 */
export function messageWithContent(
  message: BaseMessage,
  content: MessageContent,
): BaseMessage | undefined {
  const common = {
    content,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
    ...(message.id === undefined ? {} : { id: message.id }),
    ...(message.name === undefined ? {} : { name: message.name }),
  };
  if (AIMessage.isInstance(message)) {
    return new AIMessage({
      ...common,
      tool_calls: message.tool_calls ?? [],
      invalid_tool_calls: message.invalid_tool_calls ?? [],
      ...(message.usage_metadata ? { usage_metadata: message.usage_metadata } : {}),
    });
  }
  if (ToolMessage.isInstance(message)) {
    return new ToolMessage({
      ...common,
      tool_call_id: message.tool_call_id,
      ...(message.status === undefined ? {} : { status: message.status }),
    });
  }
  if (HumanMessage.isInstance(message)) return new HumanMessage(common);
  if (ChatMessage.isInstance(message)) return new ChatMessage({ ...common, role: message.role });
  return undefined;
}
