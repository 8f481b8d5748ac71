import { contextOptimizerMiddleware } from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { ChatAnthropic } from '@langchain/anthropic';
import { SystemMessage } from '@langchain/core/messages';
import { anthropicPromptCachingMiddleware, createAgent } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnthropicRequest,
  blocksOf,
  cacheBreakpointCount,
  MAX_CACHE_BREAKPOINTS,
  startFakeAnthropic,
} from '../../../test/support/fake-anthropic-messages.ts';
import { lookup } from './test-support/lookup-orders.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The batch of the last question: look it up, then answer. */
function lookupReply(request: AnthropicRequest, index: number) {
  const question =
    request.messages
      .flatMap((message) => (message.role === 'user' ? blocksOf(message) : []))
      .filter((block) => block.type === 'text')
      .map((block) => block.text ?? '')
      .findLast((text) => /batch \d+/.test(text)) ?? '';
  const batch = Number(/batch (\d+)/.exec(question)?.[1]);
  const afterTool = blocksOf(request.messages.at(-1)!).some(
    (block) => block.type === 'tool_result',
  );
  return afterTool
    ? { text: `Batch ${batch} read.` }
    : { toolCalls: [{ id: `toolu_${index + 1}`, name: 'lookup', arguments: { batch } }] };
}

// The app's system prompt carries a mark of its own (a ttl tells it apart from block mode's).
const cachedSystem = () =>
  new SystemMessage({
    content: [
      {
        type: 'text',
        text: 'You answer questions about orders.',
        cache_control: { type: 'ephemeral', ttl: '5m' },
      },
    ],
  });

async function runAgent(order: 'caching-first' | 'ctxopt-first', turns: number) {
  const api = await startFakeAnthropic(lookupReply);
  cleanups.push(api.close);
  const model = new ChatAnthropic({
    model: 'claude-sonnet-4-5',
    apiKey: 'sk-ant-test',
    anthropicApiUrl: api.url,
    maxRetries: 0,
  });
  const ctxopt = contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() });
  const caching = anthropicPromptCachingMiddleware({ minMessagesToCache: 1 });
  const agent = createAgent({
    model,
    tools: [lookup],
    systemPrompt: cachedSystem(),
    middleware: order === 'caching-first' ? [caching, ctxopt] : [ctxopt, caching],
  });
  let messages: unknown[] = [];
  for (let batch = 1; batch <= turns; batch++) {
    const text = `Look up the orders of batch ${batch}.`;
    // The app marks its first question too: three marks of its own in every request.
    const content =
      batch === 1
        ? [{ type: 'text', text, cache_control: { type: 'ephemeral', ttl: '5m' } }]
        : text;
    const state = await agent.invoke({
      messages: [...(messages as never[]), { role: 'user', content }],
    });
    messages = state.messages;
  }
  return api.requests;
}

describe('block mode keeps within Anthropic’s four cache breakpoints (createAgent, @langchain/anthropic)', () => {
  for (const order of ['caching-first', 'ctxopt-first'] as const) {
    it(`a cached system prompt plus anthropicPromptCachingMiddleware (${order}) never sends more than four, and keeps the app’s`, async () => {
      const requests = await runAgent(order, 8);
      expect(requests).toHaveLength(16);
      const compressed = requests.filter((request) =>
        JSON.stringify(request.messages).includes('Tool result (compressed)'),
      );
      expect(compressed.length).toBeGreaterThan(4);
      for (const request of requests) {
        expect(cacheBreakpointCount(request)).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
        // The app's marks: its system prompt's, its first question's, and the request-level
        // one of the middleware.
        expect(JSON.stringify(request.system)).toContain('"ttl":"5m"');
        expect(JSON.stringify(request.messages[0])).toContain('"ttl":"5m"');
        expect(request.cache_control).toMatchObject({ type: 'ephemeral' });
      }
      // Block mode still places what fits: one breakpoint beside the app's three.
      for (const request of compressed) expect(cacheBreakpointCount(request)).toBe(4);
    });
  }
});
