import type { ScriptedReply } from './fake-openai-chat.ts';
import { startJsonServer } from './json-server.ts';

/** A content block as the Messages API carries it. */
export interface AnthropicBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  cache_control?: unknown;
  [key: string]: unknown;
}

export interface AnthropicMessage {
  role: string;
  content: string | AnthropicBlock[];
}

/** A `POST /v1/messages` body, as sent. */
export interface AnthropicRequest {
  model: string;
  system?: unknown;
  tools?: unknown[];
  messages: AnthropicMessage[];
  stream?: boolean;
  /** Automatic caching: a breakpoint at the prompt's last block. */
  cache_control?: unknown;
}

/** The usage a response reports; the cache fields default to 0. */
export interface AnthropicUsage {
  input_tokens: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

export interface FakeAnthropicOptions {
  /** The usage of each response. @default about a token per 4 characters of `messages`, nothing cached */
  usage?: (request: AnthropicRequest, index: number) => AnthropicUsage;
}

/**
 * A loopback fake of Anthropic's Messages API (`POST /v1/messages`) as `@ai-sdk/anthropic`
 * and `@langchain/anthropic` call it, streaming (server-sent events) or not. Each request
 * is recorded as sent; `reply` answers it with text or tool calls (the same scripted
 * replies as the OpenAI fake's), `usage` says what it cost.
 */
export async function startFakeAnthropic(
  reply: (request: AnthropicRequest, index: number) => ScriptedReply,
  options: FakeAnthropicOptions = {},
) {
  const requests: AnthropicRequest[] = [];
  const server = await startJsonServer((body, _request, response) => {
    const request = body as AnthropicRequest;
    const index = requests.push(request) - 1;
    const breakpoints = cacheBreakpointCount(request);
    if (breakpoints > MAX_CACHE_BREAKPOINTS) {
      // Anthropic's answer to a fifth breakpoint, as its API returns it.
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints}.`,
          },
        }),
      );
      return;
    }
    const answer = reply(request, index);
    const usage = {
      output_tokens: 9,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
      ...(options.usage?.(request, index) ?? {
        input_tokens: Math.ceil(JSON.stringify(request.messages).length / 4),
      }),
    };
    const content =
      'text' in answer
        ? [{ type: 'text', text: answer.text }]
        : answer.toolCalls.map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: call.arguments,
          }));
    const stopReason = 'text' in answer ? 'end_turn' : 'tool_use';
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
          usage,
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
        usage: { ...usage, output_tokens: 1 },
      },
    });
    content.forEach((block, blockIndex) => {
      if (block.type === 'text') {
        send('content_block_start', {
          index: blockIndex,
          content_block: { type: 'text', text: '' },
        });
        send('content_block_delta', {
          index: blockIndex,
          delta: { type: 'text_delta', text: (block as { text: string }).text },
        });
      } else {
        const { input, ...start } = block as { input: unknown };
        send('content_block_start', { index: blockIndex, content_block: { ...start, input: {} } });
        send('content_block_delta', {
          index: blockIndex,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(input) },
        });
      }
      send('content_block_stop', { index: blockIndex });
    });
    send('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    });
    send('message_stop', {});
    response.end();
  });
  return { ...server, baseURL: `${server.url}/v1`, requests };
}

/** Anthropic's documented limit of cache breakpoints in one request. */
export const MAX_CACHE_BREAKPOINTS = 4;

/**
 * The cache breakpoints a request sets, as Anthropic counts them: every block with
 * `cache_control` in the tools, the system prompt and the messages (blocks nested in a
 * tool result too), and a request-level `cache_control` (automatic caching).
 */
export function cacheBreakpointCount(request: AnthropicRequest): number {
  const inBlocks = (value: unknown): number => {
    if (!Array.isArray(value)) return 0;
    return value.reduce<number>((sum, block) => {
      if (block === null || typeof block !== 'object') return sum;
      const { cache_control: mark, content } = block as AnthropicBlock;
      return sum + (mark != null ? 1 : 0) + inBlocks(content);
    }, 0);
  };
  return (
    (request.cache_control != null ? 1 : 0) +
    inBlocks(request.tools) +
    inBlocks(request.system) +
    request.messages.reduce((sum, message) => sum + inBlocks(message.content), 0)
  );
}

/** Blocks of a message's content (a string is one text block). */
export function blocksOf(message: AnthropicMessage): AnthropicBlock[] {
  return typeof message.content === 'string'
    ? [{ type: 'text', text: message.content }]
    : message.content;
}

/**
 * The request's messages as JSON strings in the form Anthropic reads them: a string content
 * (of a message or of a tool result) as its one text block, every cache marker left out
 * (markers move from call to call and are not cached content).
 */
export function messageTexts(request: Pick<AnthropicRequest, 'messages'>): string[] {
  const normalized = (block: AnthropicBlock): AnthropicBlock => {
    const { cache_control: _marker, ...rest } = block;
    if (typeof rest.content === 'string') rest.content = [{ type: 'text', text: rest.content }];
    if (Array.isArray(rest.content))
      rest.content = (rest.content as AnthropicBlock[]).map(normalized);
    return rest;
  };
  return request.messages.map((message) =>
    JSON.stringify({ role: message.role, content: blocksOf(message).map(normalized) }),
  );
}

/**
 * The rules Anthropic enforces on `messages`: user and assistant alternate, starting with
 * user; every `tool_use` is answered by a `tool_result` in the next (user) message, and
 * every `tool_result` answers a `tool_use` of the message before it.
 */
export function anthropicRulesHold(messages: AnthropicRequest['messages']): boolean {
  const blocks = (content: AnthropicMessage['content']) =>
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
