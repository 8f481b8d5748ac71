import {
  type AnthropicRequest,
  startFakeAnthropic as startMessagesFake,
} from '../../test/support/fake-anthropic-messages.ts';
import { applyClearToolUses } from './anthropic-clear-tool-uses.ts';
import { scriptedReply } from './lookup-agent.ts';
import { AnthropicCache, type PricedPrompt } from './pricing-anthropic-breakpoints.ts';
import { promptTokens } from './prompt-tokens.ts';

export type { AnthropicRequest };

/** What the fake model answers: text, or tool calls. */
export type FakeReply =
  | { text: string }
  | { toolCalls: { name: string; input: Record<string, unknown> }[] };

/** A recorded call: the body as sent, and the prompt as the pricing sees it. */
export interface RecordedCall {
  body: AnthropicRequest;
  prompt: PricedPrompt;
  /** The whole prompt as one text, to look facts up in. */
  text: string;
}

/**
 * The prompt's blocks in Anthropic's cache order (tools, system, messages), each without
 * its `cache_control` marker (or those of the blocks inside a tool result), since a marker
 * is not part of the cached content. Content is compared as sent: a string and a list of
 * one text block are different bytes. A block with a marker is a breakpoint; a
 * `cache_control` on the request itself (automatic caching) is one at the last block. Nothing else is cached: that is how Anthropic bills.
 */
export function pricedPrompt(body: AnthropicRequest): PricedPrompt {
  const blocks: string[] = [];
  const breakpoints: number[] = [];
  const add = (block: unknown, role: string) => {
    const { cache_control: marker, ...rest } = block as Record<string, unknown>;
    // A marker on a block inside a tool result's content marks the tool result.
    let nestedMarker = false;
    if (Array.isArray(rest.content)) {
      rest.content = (rest.content as Record<string, unknown>[]).map((inner) => {
        const { cache_control: innerMarker, ...innerRest } = inner;
        if (innerMarker) nestedMarker = true;
        return innerRest;
      });
    }
    blocks.push(`${role}:${JSON.stringify(rest)}`);
    if (marker || nestedMarker) breakpoints.push(blocks.length - 1);
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
 * The shared loopback fake of Anthropic's Messages API (`test/support/fake-anthropic-messages.ts`)
 * with the bench's pricing: `reply` decides each answer from the recorded call; usage
 * reports the cache reads and writes that Anthropic's schedule gives this sequence of
 * prompts, as Anthropic does.
 */
export async function startFakeAnthropic(reply: (call: RecordedCall) => FakeReply) {
  const calls: RecordedCall[] = [];
  const cache = new AnthropicCache();
  let ids = 0;
  const server = await startMessagesFake(
    (sent) => {
      // Server-side context editing, when the request asks for it, before the model reads it.
      const body = applyClearToolUses(sent, (request) =>
        promptTokens(pricedPrompt(request).blocks),
      );
      const prompt = pricedPrompt(body);
      const call: RecordedCall = { body, prompt, text: prompt.blocks.join('\n') };
      calls.push(call);
      const answer = reply(call);
      if ('text' in answer) return answer;
      return {
        toolCalls: answer.toolCalls.map((toolCall) => ({
          id: `toolu_${++ids}`,
          name: toolCall.name,
          arguments: toolCall.input,
        })),
      };
    },
    {
      usage: (_body, index) => {
        const cost = cache.price(calls[index]!.prompt);
        return {
          input_tokens: cost.inputTokens - cost.cacheReadTokens - cost.cacheWriteTokens,
          cache_read_input_tokens: cost.cacheReadTokens,
          cache_creation_input_tokens: cost.cacheWriteTokens,
          output_tokens: 12,
        };
      },
    },
  );
  // `url` for @ai-sdk/anthropic (with /v1), `origin` for @langchain/anthropic (without).
  return { url: server.baseURL, origin: server.url, calls, close: server.close };
}

/**
 * The lookup agent's model behind the fake: the scripted reply to the latest batch request
 * or late question, whether the prompt ends with a tool result, and whether it may call
 * `ctxopt_retrieve`.
 */
export function lookupReply(canRetrieve: boolean) {
  return (call: RecordedCall): FakeReply => {
    const messages = call.body.messages;
    const last = messages.at(-1)!;
    const lastBlocks = typeof last.content === 'string' ? [] : last.content;
    const lastIsToolResult = lastBlocks.some((block) => block.type === 'tool_result');
    const userTexts = messages
      .filter((message) => message.role === 'user')
      .flatMap((message) =>
        typeof message.content === 'string'
          ? [message.content]
          : message.content
              .filter((block) => block.type === 'text')
              .map((block) => String(block.text)),
      );
    const lastUser =
      userTexts.findLast((text) => /look up the orders|What was the total/.test(text)) ?? '';
    return scriptedReply(call.text, lastUser, lastIsToolResult, canRetrieve);
  };
}
