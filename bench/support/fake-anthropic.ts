import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnthropicCache, type PricedPrompt } from './cache-pricing.ts';

/** What the fake model answers: text, or tool calls. */
export type FakeReply =
  | { text: string }
  | { toolCalls: { name: string; input: Record<string, unknown> }[] };

export interface AnthropicRequest {
  system?: unknown;
  /** Automatic caching: a breakpoint at the prompt's last block. */
  cache_control?: unknown;
  tools?: unknown[];
  messages: { role: string; content: string | Record<string, unknown>[] }[];
}

/** A recorded call: the body as sent, and the prompt as the pricing sees it. */
export interface RecordedCall {
  body: AnthropicRequest;
  prompt: PricedPrompt;
  /** The whole prompt as one text, to look facts up in. */
  text: string;
}

/**
 * The prompt's blocks in Anthropic's cache order (tools, system, messages), each without
 * its `cache_control` marker, since a marker is not part of the cached content. A block
 * with a marker is a breakpoint; a `cache_control` on the request itself (automatic
 * caching) is one at the last block. Nothing else is cached: that is how Anthropic bills.
 */
export function pricedPrompt(body: AnthropicRequest): PricedPrompt {
  const blocks: string[] = [];
  const breakpoints: number[] = [];
  const add = (block: unknown, role: string) => {
    const { cache_control: marker, ...rest } = block as Record<string, unknown>;
    blocks.push(`${role}:${JSON.stringify(rest)}`);
    if (marker) breakpoints.push(blocks.length - 1);
  };
  if (body.tools?.length) blocks.push(`tools:${JSON.stringify(body.tools)}`);
  const system =
    typeof body.system === 'string'
      ? [{ type: 'text', text: body.system }]
      : ((body.system as unknown[]) ?? []);
  for (const block of system) add(block, 'system');
  for (const message of body.messages) {
    const content =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : message.content;
    for (const block of content) add(block, message.role);
  }
  if (body.cache_control && blocks.length > 0 && !breakpoints.includes(blocks.length - 1))
    breakpoints.push(blocks.length - 1);
  return { blocks, breakpoints };
}

/**
 * A loopback stand-in for Anthropic's Messages API (`POST /v1/messages`, non-streaming):
 * `reply` decides each answer from the request; usage reports the cache reads and writes
 * that Anthropic's schedule gives this sequence of prompts.
 */
export async function startFakeAnthropic(reply: (call: RecordedCall) => FakeReply) {
  const calls: RecordedCall[] = [];
  const cache = new AnthropicCache();
  let ids = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AnthropicRequest;
      const prompt = pricedPrompt(body);
      const call: RecordedCall = { body, prompt, text: prompt.blocks.join('\n') };
      calls.push(call);
      const cost = cache.price(prompt);
      const answer = reply(call);
      const content =
        'text' in answer
          ? [{ type: 'text', text: answer.text }]
          : answer.toolCalls.map((toolCall) => ({
              type: 'tool_use',
              id: `toolu_${++ids}`,
              ...toolCall,
            }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `msg_${calls.length}`,
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content,
          stop_reason: 'text' in answer ? 'end_turn' : 'tool_use',
          stop_sequence: null,
          usage: {
            input_tokens: cost.inputTokens - cost.cacheReadTokens - cost.cacheWriteTokens,
            cache_read_input_tokens: cost.cacheReadTokens,
            cache_creation_input_tokens: cost.cacheWriteTokens,
            output_tokens: 12,
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
