import { MemoryCompressionStore, RETRIEVE_TOOL_NAME } from '@ctxopt/core';
import { contextOptimizerMiddleware, createRetrieveTool } from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { ChatAnthropic } from '@langchain/anthropic';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import {
  type AnthropicRequest,
  anthropicRulesHold,
  blocksOf,
  startFakeAnthropic,
} from '../../../test/support/fake-anthropic-messages.ts';
import type { ScriptedReply } from '../../../test/support/fake-openai-chat.ts';
import { lookup } from './test-support/lookup-orders.ts';

const toolNames = (request: AnthropicRequest) =>
  (request.tools ?? []).map((tool) => (tool as { name: string }).name);
const handleLine = /ctxopt_retrieve \{\\+"handle\\+":\\+"(cx[0-9a-f]{32})/;
const holdsHandle = (request: AnthropicRequest) =>
  handleLine.test(JSON.stringify(request.messages));

/**
 * The lookup agent: a batch question calls `lookup`, then answers; a question about an
 * order not in the prompt asks `ctxopt_retrieve` for the first handle's original; a tool
 * result is answered.
 */
function reply(request: AnthropicRequest, index: number): ScriptedReply {
  const last = request.messages.at(-1)!;
  if (blocksOf(last).some((block) => block.type === 'tool_result')) return { text: 'Read.' };
  const question = blocksOf(last).find((block) => block.type === 'text')?.text ?? '';
  const batch = /batch (\d+)/.exec(question)?.[1];
  const id = `toolu_${index + 1}`;
  if (batch) return { toolCalls: [{ id, name: 'lookup', arguments: { batch: Number(batch) } }] };
  const handle = handleLine.exec(JSON.stringify(request.messages))?.[1];
  return handle
    ? { toolCalls: [{ id, name: RETRIEVE_TOOL_NAME, arguments: { handle } }] }
    : { text: 'Noted.' };
}

describe('ctxopt_retrieve is offered once a prompt holds a handle (createAgent, @langchain/anthropic)', () => {
  it('sends no retrieve tool before the first handle, then on every call, and the model can use it', async () => {
    const api = await startFakeAnthropic(reply);
    try {
      const store = new MemoryCompressionStore();
      const optimizer = new LocalContextOptimizer();
      const agent = createAgent({
        model: new ChatAnthropic({
          model: 'claude-sonnet-4-5',
          apiKey: 'sk-ant-test',
          anthropicApiUrl: api.url,
          maxRetries: 0,
        }),
        tools: [lookup, createRetrieveTool({ store, optimizer })],
        systemPrompt: 'You answer questions about orders.',
        middleware: [contextOptimizerMiddleware({ optimizer, store })],
      });
      let messages: unknown[] = [];
      for (const question of [
        ...Array.from({ length: 7 }, (_, at) => `Look up the orders of batch ${at + 1}.`),
        'What was the total of order 1005?',
      ]) {
        const state = await agent.invoke({
          messages: [...(messages as never[]), { role: 'user', content: question }],
        });
        messages = state.messages;
      }
      const offered = api.requests.map((request) =>
        toolNames(request).includes(RETRIEVE_TOOL_NAME),
      );
      const firstHandle = api.requests.findIndex(holdsHandle);
      expect(firstHandle).toBeGreaterThan(0);
      // Never before a handle, always from the first prompt that holds one: it never flaps.
      expect(offered).toEqual(api.requests.map((_, index) => index >= firstHandle));
      // The late question asked for an original through the tool, and got it.
      const retrieved = (messages as { name?: string; text?: string }[]).findLast(
        (message) => message.name === RETRIEVE_TOOL_NAME,
      );
      expect(retrieved?.text).toContain('order 1000 |');
      for (const request of api.requests) expect(anthropicRulesHold(request.messages)).toBe(true);
    } finally {
      await api.close();
    }
  }, 60_000);
});
