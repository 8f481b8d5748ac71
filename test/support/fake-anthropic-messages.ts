import type { ScriptedReply } from './fake-openai-chat.ts';
import { startJsonServer } from './json-server.ts';

export interface AnthropicRequest {
  model: string;
  system?: unknown;
  messages: {
    role: string;
    content: string | { type: string; id?: string; tool_use_id?: string; content?: unknown }[];
  }[];
  stream?: boolean;
}

/**
 * A loopback fake of Anthropic's Messages API (`POST /v1/messages`) as `@ai-sdk/anthropic`
 * calls it, streaming (server-sent events) or not. Each request is recorded as sent.
 */
export async function startFakeAnthropic(script: (index: number) => ScriptedReply) {
  const requests: AnthropicRequest[] = [];
  const server = await startJsonServer((body, _request, response) => {
    const request = body as AnthropicRequest;
    requests.push(request);
    const reply = script(requests.length - 1);
    const inputTokens = Math.ceil(JSON.stringify(request.messages).length / 4);
    const content =
      'text' in reply
        ? [{ type: 'text', text: reply.text }]
        : reply.toolCalls.map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: call.arguments,
          }));
    const stopReason = 'text' in reply ? 'end_turn' : 'tool_use';
    const message = {
      id: `msg_${requests.length}`,
      type: 'message',
      role: 'assistant',
      model: request.model,
    };
    if (!request.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ...message,
          content,
          stop_reason: stopReason,
          stop_sequence: null,
          usage: { input_tokens: inputTokens, output_tokens: 9 },
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (type: string, data: object) =>
      response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    send('message_start', {
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: 1 },
      },
    });
    content.forEach((block, index) => {
      if (block.type === 'text') {
        send('content_block_start', { index, content_block: { type: 'text', text: '' } });
        send('content_block_delta', {
          index,
          delta: { type: 'text_delta', text: (block as { text: string }).text },
        });
      } else {
        const { input, ...start } = block as { input: unknown };
        send('content_block_start', { index, content_block: { ...start, input: {} } });
        send('content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(input) },
        });
      }
      send('content_block_stop', { index });
    });
    send('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 9 },
    });
    send('message_stop', {});
    response.end();
  });
  return { ...server, baseURL: `${server.url}/v1`, requests };
}

/**
 * The rules Anthropic enforces on `messages`: user and assistant alternate, starting with
 * user; every `tool_use` is answered by a `tool_result` in the next (user) message, and
 * every `tool_result` answers a `tool_use` of the message before it.
 */
export function anthropicRulesHold(messages: AnthropicRequest['messages']): boolean {
  const blocks = (content: AnthropicRequest['messages'][number]['content']) =>
    typeof content === 'string' ? [] : content;
  for (const [index, message] of messages.entries()) {
    if (message.role !== (index % 2 === 0 ? 'user' : 'assistant')) return false;
    const previous = index > 0 ? blocks(messages[index - 1]!.content) : [];
    const calls = previous.filter((block) => block.type === 'tool_use').map((block) => block.id);
    const answers = blocks(message.content)
      .filter((block) => block.type === 'tool_result')
      .map((block) => block.tool_use_id);
    if (message.role === 'user' && calls.join() !== answers.join()) return false;
  }
  const last = messages.at(-1);
  return last !== undefined && !blocks(last.content).some((block) => block.type === 'tool_use');
}
