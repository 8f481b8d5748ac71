import {
  type ContextOptimizerMiddlewareOptions,
  contextOptimizerMiddleware,
} from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnthropicBlock,
  type AnthropicRequest,
  anthropicRulesHold,
  blocksOf,
  startFakeAnthropic,
} from '../../../test/support/fake-anthropic-messages.ts';
import type { ScriptedReply } from '../../../test/support/fake-openai-chat.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { lookup } from './test-support/lookup-orders.ts';

/** Looks the batch of the last question up, then answers. */
function lookupReply(question: string, afterTool: boolean, id: string): ScriptedReply {
  const batch = Number(/batch (\d+)/.exec(question)?.[1]);
  return afterTool
    ? { text: `Batch ${batch} read.` }
    : { toolCalls: [{ id, name: 'lookup', arguments: { batch } }] };
}

/** The text blocks' texts of a user message (a tool result carries none). */
const questionOf = (request: AnthropicRequest) =>
  request.messages
    .flatMap((message) => (message.role === 'user' ? blocksOf(message) : []))
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .findLast((text) => /batch \d+/.test(text)) ?? '';

/** Whether a block carries a cache marker, itself or on a block nested in a tool result. */
const marked = (block: AnthropicBlock) =>
  block.cache_control !== undefined ||
  (Array.isArray(block.content) &&
    (block.content as AnthropicBlock[]).some((inner) => inner.cache_control !== undefined));

/** A message as Anthropic caches it: its bytes without the cache markers, nested ones too. */
function withoutMarkers(message: AnthropicRequest['messages'][number]): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'cache_control')
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip(message);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function runTurns(
  model: ChatAnthropic | ChatOpenAI,
  turns: number,
  options: Partial<ContextOptimizerMiddlewareOptions> = {},
) {
  const agent = createAgent({
    model,
    tools: [lookup],
    systemPrompt: 'You answer questions about orders.',
    middleware: [
      contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer(), ...options }),
    ],
  });
  let messages: unknown[] = [];
  for (let batch = 1; batch <= turns; batch++) {
    const state = await agent.invoke({
      messages: [
        ...(messages as never[]),
        { role: 'user', content: `Look up the orders of batch ${batch}.` },
      ],
    });
    messages = state.messages;
  }
}

/** `ChatAnthropic` against a fake of Anthropic's API that plays the lookup agent. */
async function lookupAgentModel() {
  const api = await startFakeAnthropic((request, index) => {
    const last = request.messages.at(-1)!;
    const afterTool = blocksOf(last).some((block) => block.type === 'tool_result');
    return lookupReply(questionOf(request), afterTool, `toolu_${index + 1}`);
  });
  cleanups.push(api.close);
  const model = new ChatAnthropic({
    model: 'claude-sonnet-4-5',
    apiKey: 'sk-ant-test',
    anthropicApiUrl: api.url,
    maxRetries: 0,
  });
  return { api, model };
}

describe('block mode places Anthropic cache breakpoints through createAgent (@langchain/anthropic)', () => {
  it('marks the last compressed block and the end of what the next call sends unchanged, in the request bytes', async () => {
    const { api, model } = await lookupAgentModel();
    await runTurns(model, 8);

    expect(api.requests).toHaveLength(16);
    for (const request of api.requests) expect(anthropicRulesHold(request.messages)).toBe(true);
    // Once block mode runs, every request carries two markers: the last compressed tool result
    // (the compressed blocks, the same bytes on every later call) and the tail.
    const withBlocks = api.requests.filter((request) =>
      JSON.stringify(request.messages).includes('[compressed: ctxopt_retrieve'),
    );
    expect(withBlocks.length).toBeGreaterThan(4);
    for (const request of withBlocks) {
      const blocks = request.messages.flatMap((message) => blocksOf(message));
      const markers = blocks.flatMap((block, index) => (marked(block) ? [index] : []));
      expect(markers).toHaveLength(2);
      const compressed = blocks.flatMap((block, index) =>
        JSON.stringify(block).includes('[compressed: ctxopt_retrieve') ? [index] : [],
      );
      expect(markers[0]).toBe(compressed.at(-1));
      const last = blocks.length - 1;
      if (blocks[last]!.type === 'tool_result') {
        // The turn's fresh result is not cached: the next turn compresses it. The tool call is.
        expect(blocks[markers[1]!]).toMatchObject({ type: 'tool_use' });
        expect(markers[1]).toBe(last - 1);
      } else {
        expect(markers[1]).toBe(last);
      }
    }
    // From the first block on, what a request caches the next one sends again unchanged:
    // the same bytes but for the markers, which are not part of what Anthropic caches (a
    // string content and a list of one text block are different bytes).
    const first = api.requests.indexOf(withBlocks[0]!);
    for (let index = first + 1; index < api.requests.length; index++) {
      const previous = api.requests[index - 1]!;
      const upTo = previous.messages.findLastIndex((message) => blocksOf(message).some(marked));
      if (upTo === -1) continue;
      expect(api.requests[index]!.messages.slice(0, upTo + 1).map(withoutMarkers)).toEqual(
        previous.messages.slice(0, upTo + 1).map(withoutMarkers),
      );
    }
  });

  it('with blocks: false, folds finished tool cycles into the history as for any other model', async () => {
    const { api, model } = await lookupAgentModel();
    const engine = new LocalContextOptimizer();
    let compressCalls = 0;
    const optimizer = {
      compress: (...args: Parameters<LocalContextOptimizer['compress']>) => {
        compressCalls++;
        return engine.compress(...args);
      },
      generate: (...args: Parameters<LocalContextOptimizer['generate']>) =>
        engine.generate(...args),
    };
    await runTurns(model, 10, { blocks: false, optimizer });
    // ChatAnthropic's tool calls come back as tool_use content blocks: they restate the
    // message's tool calls, so the finished cycles still fold into one history message.
    expect(JSON.stringify(api.requests.at(-1))).toContain('Earlier conversation (compressed)');
    expect(compressCalls).toBeLessThanOrEqual(2 * 10);
  });

  it('sends no cache_control to a model that is not Anthropic’s (@langchain/openai)', async () => {
    const api = await startFakeOpenAIChat((_index, request) => {
      const question = String(
        request.messages.findLast((message) => message.role === 'user')?.content,
      );
      return lookupReply(question, request.messages.at(-1)?.role === 'tool', `call_${_index}`);
    });
    cleanups.push(api.close);
    await runTurns(
      new ChatOpenAI({
        model: 'gpt-4o-mini',
        apiKey: 'sk-test',
        configuration: { baseURL: api.baseURL },
      }),
      6,
    );
    const bytes = JSON.stringify(api.requests);
    expect(bytes).toContain('[compressed: ctxopt_retrieve');
    expect(bytes).not.toContain('cache_control');
  });
});
