import { contextOptimizerMiddleware } from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { ChatAnthropic } from '@langchain/anthropic';
import { type BaseMessage, HumanMessage, SystemMessage } from '@langchain/core/messages';
import fc from 'fast-check';
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
        JSON.stringify(request.messages).includes('[compressed: ctxopt_retrieve'),
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

describe('whatever marks the app sets (createAgent, @langchain/anthropic)', () => {
  it('each request has at most four breakpoints, all of the app’s among them', async () => {
    const api = await startFakeAnthropic(lookupReply);
    cleanups.push(api.close);
    const model = new ChatAnthropic({
      model: 'claude-sonnet-4-5',
      apiKey: 'sk-ant-test',
      anthropicApiUrl: api.url,
      maxRetries: 0,
    });
    const ctxopt = contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() });
    const agentWith = (system: boolean, caching: boolean) =>
      createAgent({
        model,
        tools: [lookup],
        systemPrompt: system ? cachedSystem() : 'You answer questions about orders.',
        middleware: caching
          ? [anthropicPromptCachingMiddleware({ minMessagesToCache: 1 }), ctxopt]
          : [ctxopt],
      });
    // Five finished turns, unmarked: block mode has closed blocks to mark.
    let history: BaseMessage[] = [];
    for (let batch = 1; batch <= 5; batch++) {
      const state = await agentWith(false, false).invoke({
        messages: [...history, new HumanMessage(`Look up the orders of batch ${batch}.`)],
      });
      history = state.messages;
    }
    const questions = history.flatMap((message, index) =>
      HumanMessage.isInstance(message) ? [index] : [],
    );
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.boolean(),
        fc.subarray(questions, { maxLength: 4 }),
        async (system, caching, marked) => {
          const appMarks = Number(system) + Number(caching) + marked.length;
          fc.pre(appMarks <= MAX_CACHE_BREAKPOINTS);
          const messages = history.map((message, index) =>
            marked.includes(index)
              ? new HumanMessage({
                  content: [
                    {
                      type: 'text',
                      text: String(message.content),
                      cache_control: { type: 'ephemeral', ttl: '5m' },
                    },
                  ],
                })
              : message,
          );
          const first = api.requests.length;
          await agentWith(system, caching).invoke({
            messages: [...messages, new HumanMessage('Look up the orders of batch 6.')],
          });
          const requests = api.requests.slice(first);
          expect(requests.length).toBeGreaterThan(0);
          for (const request of requests) {
            expect(cacheBreakpointCount(request)).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
            // The app's marks carry a ttl, block mode's none.
            expect(JSON.stringify(request).split('"ttl":"5m"').length - 1).toBe(appMarks);
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});
