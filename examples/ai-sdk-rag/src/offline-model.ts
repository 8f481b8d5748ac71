import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Message,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { countTokens, offlineAnswer } from '@ctxopt/local';

type Reply =
  | { kind: 'text'; text: string }
  | { kind: 'tool-call'; toolName: string; input: string };

const STATION_TOOL = 'lookupStation';

function outputText(output: LanguageModelV4ToolResultOutput): string {
  if (output.type === 'text' || output.type === 'error-text') return output.value;
  if (output.type === 'json' || output.type === 'error-json') {
    const value = output.value;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value)
        .map(([key, field]) => `${key}: ${String(field)}`)
        .join('; ');
    }
    return JSON.stringify(value);
  }
  return output.type === 'content'
    ? output.value.map((part) => ('text' in part ? part.text : '')).join(' ')
    : '';
}

/** Everything a provider would have read in a message, as text. */
function messageText(message: LanguageModelV4Message): string {
  if (message.role === 'system') return message.content;
  return message.content
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'tool-call') return `${part.toolName}(${JSON.stringify(part.input)})`;
      if (part.type === 'tool-result') return outputText(part.output);
      return '';
    })
    .join('\n');
}

/** What the model says to this prompt; see `createOfflineModel`. */
function replyTo(options: LanguageModelV4CallOptions): Reply {
  const { prompt } = options;
  const last = prompt.findLastIndex((message) => message.role === 'user');
  const question = last === -1 ? '' : messageText(prompt[last]!);
  const results = prompt
    .slice(last + 1)
    .flatMap((message) => (message.role === 'tool' ? message.content : []))
    .filter((part) => part.type === 'tool-result');
  const result = results.at(-1);
  if (result)
    return { kind: 'text', text: `${result.toolName} says: ${outputText(result.output)}.` };
  const code = /\b([A-Z]{2}-\d{2})\b/.exec(question)?.[1];
  const offered = options.tools?.some(
    (tool) => tool.type === 'function' && tool.name === STATION_TOOL,
  );
  if (code && offered)
    return { kind: 'tool-call', toolName: STATION_TOOL, input: JSON.stringify({ code }) };
  const context = prompt
    .filter((message, index) => message.role !== 'system' && index !== last)
    .map(messageText)
    .join('\n');
  return { kind: 'text', text: offlineAnswer(context, question) };
}

function usageOf(options: LanguageModelV4CallOptions, output: string): LanguageModelV4Usage {
  const input = countTokens(options.prompt.map(messageText).join('\n'));
  const generated = countTokens(output);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: generated, text: generated, reasoning: undefined },
  };
}

function finishOf(reply: Reply): LanguageModelV4FinishReason {
  return reply.kind === 'text'
    ? { unified: 'stop', raw: 'stop' }
    : { unified: 'tool-calls', raw: 'tool_calls' };
}

/**
 * A deterministic stand-in for a chat model, so the example runs with no provider key.
 * It answers the last user message with the sentences of the rest of its prompt that
 * share the most words with it (the emulator's offline answer), calls `lookupStation`
 * once when the question names a station code and the tool is offered, and answers
 * from the tool's result after that. Token usage is counted with the o200k_base
 * tokenizer over the prompt it actually received.
 */
export function createOfflineModel(): LanguageModelV4 {
  let calls = 0;
  const respond = (options: LanguageModelV4CallOptions) => {
    const reply = replyTo(options);
    const id = `call-${++calls}`;
    const output = reply.kind === 'text' ? reply.text : reply.input;
    return { reply, id, usage: usageOf(options, output), finishReason: finishOf(reply) };
  };
  return {
    specificationVersion: 'v4',
    provider: 'offline',
    modelId: 'kestrel-extractive',
    supportedUrls: {},
    async doGenerate(options) {
      const { reply, id, usage, finishReason } = respond(options);
      const content: LanguageModelV4Content[] =
        reply.kind === 'text'
          ? [{ type: 'text', text: reply.text }]
          : [{ type: 'tool-call', toolCallId: id, toolName: reply.toolName, input: reply.input }];
      return { content, finishReason, usage, warnings: [] };
    },
    async doStream(options) {
      const { reply, id, usage, finishReason } = respond(options);
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (reply.kind === 'text') {
        parts.push({ type: 'text-start', id });
        for (const delta of reply.text.split(/(?<=\s)/))
          parts.push({ type: 'text-delta', id, delta });
        parts.push({ type: 'text-end', id });
      } else {
        parts.push({
          type: 'tool-call',
          toolCallId: id,
          toolName: reply.toolName,
          input: reply.input,
        });
      }
      parts.push({ type: 'finish', usage, finishReason });
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}
