import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AnthropicBlock {
  type: string;
  text?: string;
  id?: string;
  tool_use_id?: string;
  content?: unknown;
  cache_control?: unknown;
  [key: string]: unknown;
}
export interface AnthropicMessage {
  role: string;
  content: string | AnthropicBlock[];
}
export interface AnthropicBody {
  system?: unknown;
  messages: AnthropicMessage[];
}
export type FakeAnswer =
  | { text: string }
  | { toolCall: { name: string; input: Record<string, unknown> } };

/**
 * A loopback stand-in for Anthropic's Messages API (`POST /v1/messages`, JSON and SSE
 * streaming), for `@ai-sdk/anthropic`: records each request body and answers with
 * `answer(body)`; `cacheRead(body)` sets the cache reads its usage reports.
 */
export async function startAnthropicFake(
  answer: (body: AnthropicBody) => FakeAnswer,
  cacheRead: (body: AnthropicBody) => number = () => 0,
) {
  const bodies: AnthropicBody[] = [];
  let ids = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AnthropicBody & {
        stream?: boolean;
      };
      bodies.push(raw);
      const reply = answer(raw);
      const usage = {
        input_tokens: 100,
        output_tokens: 10,
        cache_read_input_tokens: cacheRead(raw),
        cache_creation_input_tokens: 0,
      };
      const block =
        'text' in reply
          ? { type: 'text', text: reply.text }
          : {
              type: 'tool_use',
              id: `toolu_${++ids}`,
              name: reply.toolCall.name,
              input: reply.toolCall.input,
            };
      const stopReason = 'text' in reply ? 'end_turn' : 'tool_use';
      if (!raw.stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: `msg_${bodies.length}`,
            type: 'message',
            role: 'assistant',
            model: 'claude-sonnet-4-5',
            content: [block],
            stop_reason: stopReason,
            stop_sequence: null,
            usage,
          }),
        );
        return;
      }
      const events: [string, unknown][] = [
        [
          'message_start',
          {
            type: 'message_start',
            message: {
              id: `msg_${bodies.length}`,
              type: 'message',
              role: 'assistant',
              model: 'claude-sonnet-4-5',
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage,
            },
          },
        ],
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index: 0,
            content_block: 'text' in reply ? { type: 'text', text: '' } : { ...block, input: {} },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta:
              'text' in reply
                ? { type: 'text_delta', text: reply.text }
                : { type: 'input_json_delta', partial_json: JSON.stringify(reply.toolCall.input) },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'message_delta',
          {
            type: 'message_delta',
            delta: { stop_reason: stopReason, stop_sequence: null },
            usage: { output_tokens: 10 },
          },
        ],
        ['message_stop', { type: 'message_stop' }],
      ];
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(
        events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join(''),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Blocks of a message's content. */
export function blocksOf(message: AnthropicMessage): AnthropicBlock[] {
  return typeof message.content === 'string'
    ? [{ type: 'text', text: message.content }]
    : message.content;
}

/** The body's messages as JSON strings, each without its cache marker (which moves, and is not cached content). */
export function messageTexts(body: AnthropicBody): string[] {
  return body.messages.map((message) =>
    JSON.stringify({
      role: message.role,
      content: blocksOf(message).map(({ cache_control: _marker, ...block }) => block),
    }),
  );
}
