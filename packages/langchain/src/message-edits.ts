import { type CompressionRun, compressedToolResultText, type MessageEdits } from '@ctxopt/core';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { CompressedMessageFactory } from './compressed-message.ts';

/** Content blocks that hold a model's reasoning, by provider. */
const reasoningTypes = new Set(['reasoning', 'thinking', 'redacted_thinking']);

/**
 * How the policy's rewrites are made on LangChain messages: a compressed tool result is a
 * new `ToolMessage` with the same id, call id, name and status, only its content changed.
 */
export function messageEdits(
  run: CompressionRun,
  createMessage: CompressedMessageFactory,
): MessageEdits<BaseMessage> {
  const historySpan = run.report.spans.find((span) => span.kind === 'history');
  return {
    historyMessage: (text) => createMessage(text, historySpan!),
    replaceToolResult(message, toolCallId, text) {
      if (!ToolMessage.isInstance(message) || message.tool_call_id !== toolCallId) return message;
      return new ToolMessage({
        content: compressedToolResultText(text),
        tool_call_id: message.tool_call_id,
        ...(message.name === undefined ? {} : { name: message.name }),
        ...(message.id === undefined ? {} : { id: message.id }),
        ...(message.status === undefined ? {} : { status: message.status }),
        additional_kwargs: message.additional_kwargs,
        response_metadata: message.response_metadata,
      });
    },
    recallMessage: (text) => new HumanMessage(text),
    dropReasoning(message) {
      if (!AIMessage.isInstance(message) || typeof message.content === 'string') return message;
      const content = message.content.filter(
        (part) => typeof part === 'string' || !reasoningTypes.has(part.type),
      );
      return new AIMessage({
        content,
        tool_calls: message.tool_calls ?? [],
        invalid_tool_calls: message.invalid_tool_calls ?? [],
        additional_kwargs: message.additional_kwargs,
        response_metadata: message.response_metadata,
        ...(message.id === undefined ? {} : { id: message.id }),
        ...(message.name === undefined ? {} : { name: message.name }),
        ...(message.usage_metadata ? { usage_metadata: message.usage_metadata } : {}),
      });
    },
  };
}
