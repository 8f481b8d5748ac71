import type { CompressionRun, MessageEdits } from '@ctxopt/core';
import { compressedToolResultText } from '@ctxopt/core/internal';
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { appCacheMarks } from './app-cache-marks.ts';
import { withCacheMarker, withContentBlocks } from './cache-marker.ts';
import type { CompressedMessageFactory } from './compressed-message.ts';
import { messageWithContent } from './message-with-content.ts';

/** Content blocks that hold a model's reasoning, by provider. */
const reasoningTypes = new Set(['reasoning', 'thinking', 'redacted_thinking']);

/**
 * How the policy's rewrites are made on LangChain messages: a compressed tool result is a
 * new `ToolMessage` with the same id, call id, name and status, only its content changed.
 */
export function messageEdits(
  run: CompressionRun,
  createMessage: CompressedMessageFactory,
  cacheMarkers = false,
  marksOutside = 0,
): MessageEdits<BaseMessage> {
  const historySpan = run.report.spans.find((span) => span.kind === 'history');
  return {
    // Anthropic caches the prompt up to each marked message (`@langchain/anthropic` models
    // only); every message then goes as content blocks, marked or not. The app's own marks
    // (`marksOutside` of them beyond the messages) share Anthropic's budget.
    ...(cacheMarkers
      ? {
          markCacheBreakpoint: withCacheMarker,
          markableShape: withContentBlocks,
          appCacheMarks: (messages: readonly BaseMessage[]) =>
            appCacheMarks(messages, marksOutside),
        }
      : {}),
    historyMessage: (text) => createMessage(text, historySpan!),
    replaceToolResult(message, toolCallId, text) {
      if (!ToolMessage.isInstance(message) || message.tool_call_id !== toolCallId) return message;
      return messageWithContent(message, compressedToolResultText(text)) ?? message;
    },
    // Block mode compresses only text-only human and AI messages: the text becomes their content.
    replaceText: (message, compressedText) =>
      messageWithContent(message, compressedText) ?? message,
    // The recall rides with the question: after its text (or as its last text block), so
    // the turn keeps the app's roles and the question's own bytes come first.
    appendRecall(message, text) {
      const content = message.content;
      const withRecall =
        typeof content === 'string'
          ? `${content}\n\n${text}`
          : [...content, { type: 'text' as const, text }];
      return messageWithContent(message, withRecall) ?? message;
    },
    dropReasoning(message) {
      if (!AIMessage.isInstance(message) || typeof message.content === 'string') return message;
      const content = message.content.filter(
        (part) => typeof part === 'string' || !reasoningTypes.has(part.type),
      );
      return messageWithContent(message, content) ?? message;
    },
  };
}
