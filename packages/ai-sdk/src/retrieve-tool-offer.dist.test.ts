import { createAnthropic } from '@ai-sdk/anthropic';
import { contextOptimizerMiddleware, createRetrieveTool, RETRIEVE_TOOL_NAME } from '@ctxopt/ai-sdk';
import { MemoryCompressionStore } from '@ctxopt/core';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, isStepCount, type ModelMessage, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  type AnthropicRequest,
  anthropicRulesHold,
  startFakeAnthropic,
} from '../../../test/support/fake-anthropic-messages.ts';
import type { ScriptedReply } from '../../../test/support/fake-openai-chat.ts';
import { batchQuestion, fixedUsage, lookupAgentAnswer } from './test-support/lookup-agent.ts';
import { lookupTools } from './test-support/lookup-tools.ts';

const toolNames = (request: AnthropicRequest) =>
  (request.tools ?? []).map((tool) => (tool as { name: string }).name);
const holdsHandle = (request: AnthropicRequest) =>
  /ctxopt_retrieve \{\\+"handle\\+":\\+"cx[0-9a-f]{32}/.test(JSON.stringify(request.messages));

/** The lookup agent through generateText and @ai-sdk/anthropic, with `ctxopt_retrieve` registered. */
async function lookupAgent(reply: (request: AnthropicRequest, index: number) => ScriptedReply) {
  const fake = await startFakeAnthropic(reply, { usage: fixedUsage });
  const store = new MemoryCompressionStore();
  const optimizer = new LocalContextOptimizer();
  const model = wrapLanguageModel({
    model: createAnthropic({ baseURL: fake.baseURL, apiKey: 'sk-ant-test' })('claude-sonnet-4-5'),
    middleware: contextOptimizerMiddleware({ optimizer, store }),
  });
  const tools = {
    ...lookupTools,
    [RETRIEVE_TOOL_NAME]: createRetrieveTool({ store, optimizer }),
  };
  const history: ModelMessage[] = [];
  const ask = async (question: string) => {
    history.push({ role: 'user', content: question });
    const result = await generateText({
      model,
      messages: history,
      tools,
      stopWhen: isStepCount(4),
    });
    history.push(...result.responseMessages);
    return result;
  };
  return { fake, ask, history };
}

describe('ctxopt_retrieve is offered once a prompt holds a handle (generateText, @ai-sdk/anthropic)', () => {
  it('sends no retrieve tool before the first handle, then on every call, and the model can use it', async () => {
    const { fake, ask } = await lookupAgent(lookupAgentAnswer);
    try {
      for (let batch = 1; batch <= 7; batch++) await ask(batchQuestion(batch));
      const result = await ask('What was the total of order 1005?');
      expect(result.text).toBe('Found order 1005.');
      const offered = fake.requests.map((request) =>
        toolNames(request).includes(RETRIEVE_TOOL_NAME),
      );
      const firstHandle = fake.requests.findIndex(holdsHandle);
      expect(firstHandle).toBeGreaterThan(0);
      // Never before a handle, always from the first prompt that holds one: it never flaps.
      expect(offered).toEqual(fake.requests.map((_, index) => index >= firstHandle));
      // The late question asked for the original through the tool, and got it.
      expect(JSON.stringify(fake.requests.at(-1)!.messages)).toContain('order 1005 |');
      for (const request of fake.requests) expect(anthropicRulesHold(request.messages)).toBe(true);
    } finally {
      await fake.close();
    }
  }, 60_000);

  it('keeps the tool on a prompt that holds a retrieve call though no handle is in it, every call paired with its result', async () => {
    // The model asks for a handle it remembers from elsewhere before any compression: the
    // tool was not offered, the app runs it anyway, and the next call carries its call.
    const stale = `cx${'0'.repeat(32)}`;
    const { fake, ask, history } = await lookupAgent((request, index) =>
      index === 0
        ? { toolCalls: [{ id: 'toolu_r', name: RETRIEVE_TOOL_NAME, arguments: { handle: stale } }] }
        : lookupAgentAnswer(request, index),
    );
    try {
      await ask(batchQuestion(1));
      expect(fake.requests).toHaveLength(2);
      expect(toolNames(fake.requests[0]!)).toEqual(['lookup']);
      // The retrieve call and its result went back to the model with the tool defined.
      expect(toolNames(fake.requests[1]!)).toEqual(['lookup', RETRIEVE_TOOL_NAME]);
      expect(JSON.stringify(fake.requests[1]!.messages)).toContain('"tool_use_id":"toolu_r"');
      for (const request of fake.requests) expect(anthropicRulesHold(request.messages)).toBe(true);
      expect(history.some((message) => message.role === 'tool')).toBe(true);
    } finally {
      await fake.close();
    }
  }, 60_000);
});
