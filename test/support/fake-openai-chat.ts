import { countTokens } from '@ctxopt/local';
import { startJsonServer } from './json-server.ts';

/** One turn of the fake model: call tools, or answer. */
export type ScriptedReply =
  | { toolCalls: { id: string; name: string; arguments: unknown }[] }
  | { text: string };

export interface ChatCompletionsRequest {
  model: string;
  messages: {
    role: string;
    content?: unknown;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  /** The tools offered, as sent (`{ type: 'function', function: { name, ... } }`). */
  tools?: { type: string; function?: { name: string } }[];
  stream?: boolean;
}

/**
 * A loopback fake of OpenAI's Chat Completions API (`POST /v1/chat/completions`), the one
 * `@ai-sdk/openai`'s `openai.chat()` and `@langchain/openai`'s `ChatOpenAI` call. Each
 * request is recorded as sent and answered with `script(index, request)`, as JSON or as
 * a server-sent event stream when the request asks for one. `prompt_tokens` counts the
 * messages with a real tokenizer (o200k, as OpenAI's current models), so that callers
 * calibrating on it see the figure a provider would report.
 */
export async function startFakeOpenAIChat(
  script: (index: number, request: ChatCompletionsRequest) => ScriptedReply,
) {
  const requests: ChatCompletionsRequest[] = [];
  const server = await startJsonServer((body, _request, response) => {
    const request = body as ChatCompletionsRequest;
    requests.push(request);
    const reply = script(requests.length - 1, request);
    const id = `chatcmpl-${requests.length}`;
    const promptTokens = request.messages.reduce(
      (sum, message) => sum + 4 + countTokens(JSON.stringify(message.content ?? '')),
      0,
    );
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: 9,
      total_tokens: promptTokens + 9,
    };
    const toolCalls =
      'toolCalls' in reply
        ? reply.toolCalls.map((call, index) => ({
            index,
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          }))
        : undefined;
    const finishReason = toolCalls ? 'tool_calls' : 'stop';
    const content = 'text' in reply ? reply.text : null;
    if (request.stream) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null, extra: object = {}) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;
      response.write(
        chunk(
          {
            role: 'assistant',
            content: content ?? '',
            ...(toolCalls ? { tool_calls: toolCalls } : {}),
          },
          null,
        ),
      );
      response.write(chunk({}, finishReason));
      response.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: request.model, choices: [], usage })}\n\n`,
      );
      response.end('data: [DONE]\n\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created: 1,
        model: request.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content,
              ...(toolCalls ? { tool_calls: toolCalls } : {}),
            },
            finish_reason: finishReason,
          },
        ],
        usage,
      }),
    );
  });
  return { ...server, baseURL: `${server.url}/v1`, requests };
}
