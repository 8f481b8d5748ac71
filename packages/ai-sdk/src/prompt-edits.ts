import type { LanguageModelV4CallOptions, LanguageModelV4Message } from '@ai-sdk/provider';
import type { MessageEdits } from '@ctxopt/core';
import { compressedToolResultText } from '@ctxopt/core/internal';
import { appCacheMarks } from './app-cache-marks.ts';

/**
 * How the policy's rewrites are made on AI SDK messages: a compressed tool result keeps
 * its part, id, name and provider options, only its output becomes the compressed text.
 */
export function promptEdits(
  createMessage: (compressedText: string) => LanguageModelV4Message,
  call: Pick<LanguageModelV4CallOptions, 'tools' | 'providerOptions'> = {},
): MessageEdits<LanguageModelV4Message> {
  return {
    // The app's own marks (messages, tools, the call) share Anthropic's budget with ours.
    appCacheMarks: (messages) => appCacheMarks(messages, call),
    historyMessage: createMessage,
    replaceToolResult(message, toolCallId, compressedText) {
      if (message.role !== 'tool' && message.role !== 'assistant') return message;
      const content = message.content.map((part) =>
        part.type === 'tool-result' && part.toolCallId === toolCallId
          ? {
              ...part,
              output: { type: 'text' as const, value: compressedToolResultText(compressedText) },
            }
          : part,
      );
      return { ...message, content } as LanguageModelV4Message;
    },
    // Block mode compresses only text-only user and assistant messages: one text part replaces them.
    replaceText(message, compressedText) {
      if (message.role !== 'user' && message.role !== 'assistant') return message;
      return { ...message, content: [{ type: 'text' as const, text: compressedText }] };
    },
    // The recall rides with the question as its last text part: the turn keeps the app's
    // roles, and the question's own bytes come first.
    appendRecall(message, text) {
      if (message.role !== 'user') return message;
      return { ...message, content: [...message.content, { type: 'text' as const, text }] };
    },
    // Anthropic caches the prompt up to here: the compressed blocks, the same on every call.
    markCacheBreakpoint(message) {
      const anthropic = {
        ...message.providerOptions?.anthropic,
        cacheControl: { type: 'ephemeral' },
      };
      return {
        ...message,
        providerOptions: { ...message.providerOptions, anthropic },
      } as LanguageModelV4Message;
    },
    dropReasoning(message) {
      if (message.role !== 'assistant') return message;
      const content = message.content.filter(
        (part) => part.type !== 'reasoning' && part.type !== 'reasoning-file',
      );
      return { ...message, content };
    },
  };
}
