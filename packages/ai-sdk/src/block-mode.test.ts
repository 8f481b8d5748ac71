import { createAnthropic } from '@ai-sdk/anthropic';
import {
  type ContextOptimizerUsage,
  contextOptimizerMiddleware,
  createRetrieveTool,
  RETRIEVE_TOOL_NAME,
} from '@ctxopt/ai-sdk';
import { type CompressionStore, MemoryCompressionStore } from '@ctxopt/core';
import { LocalContextOptimizer } from '@ctxopt/local';
import {
  generateText,
  isStepCount,
  type ModelMessage,
  streamText,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnthropicRequest,
  blocksOf,
  messageTexts,
  startFakeAnthropic,
} from '../../../test/support/fake-anthropic-messages.ts';
import {
  batchQuestion,
  fixedUsage,
  lookupAgentAnswer,
  orderLine,
} from './test-support/lookup-agent.ts';
import { lookupTools } from './test-support/lookup-tools.ts';

const SYSTEM = 'You answer questions about orders.';

function countingOptimizer() {
  const engine = new LocalContextOptimizer();
  const sent: string[] = [];
  return {
    sent,
    optimizer: {
      compress: (
        params: Parameters<LocalContextOptimizer['compress']>[0],
        options?: Parameters<LocalContextOptimizer['compress']>[1],
      ) => {
        sent.push(
          typeof params.context === 'string' ? params.context : JSON.stringify(params.context),
        );
        return engine.compress(params, options);
      },
      generate: (params: Parameters<LocalContextOptimizer['generate']>[0]) =>
        engine.generate(params),
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function agentSetup(options: { store?: CompressionStore; mode?: 'conservative' } = {}) {
  const fake = await startFakeAnthropic(lookupAgentAnswer, { usage: fixedUsage });
  cleanups.push(fake.close);
  const { optimizer, sent } = countingOptimizer();
  const usages: ContextOptimizerUsage[] = [];
  const model = wrapLanguageModel({
    model: createAnthropic({ baseURL: fake.baseURL, apiKey: 'sk-ant-test' })('claude-sonnet-4-5'),
    middleware: contextOptimizerMiddleware({
      optimizer,
      onUsage: (usage) => usages.push(usage),
      ...(options.store ? { store: options.store } : {}),
      ...(options.mode ? { mode: options.mode } : {}),
    }),
  });
  return { fake, model, sent, usages };
}

async function runTurns(
  model: Parameters<typeof generateText>[0]['model'],
  turns: number,
  tools: ToolSet,
  from = 1,
  messages: ModelMessage[] = [],
) {
  for (let batch = from; batch < from + turns; batch++) {
    messages.push({ role: 'user', content: batchQuestion(batch) });
    const result = await generateText({
      model,
      system: SYSTEM,
      messages,
      tools,
      stopWhen: isStepCount(4),
    });
    messages.push(...result.responseMessages);
  }
  return messages;
}

/** Anthropic's rule, on the wire: each tool_use is answered by a tool_result in the next message. */
function expectToolPairs(body: AnthropicRequest) {
  body.messages.forEach((message, index) => {
    const uses = blocksOf(message)
      .filter((block) => block.type === 'tool_use')
      .map((block) => block.id);
    if (uses.length === 0) return;
    const results = blocksOf(body.messages[index + 1]!)
      .filter((block) => block.type === 'tool_result')
      .map((block) => block.tool_use_id);
    expect(results).toEqual(expect.arrayContaining(uses));
  });
}

describe('block mode through generateText and @ai-sdk/anthropic, default settings', () => {
  it('compresses each closed block once and sends it byte for byte on every later call, with a cache breakpoint after it', async () => {
    const { fake, model, sent, usages } = await agentSetup();
    await runTurns(model, 10, lookupTools);

    // Each tool result went to the service at most once, and nothing else did.
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent).size).toBe(sent.length);
    for (const context of sent) expect(context).toMatch(/^order \d+ \|/);

    const compressedAt = fake.requests.map((body) =>
      JSON.stringify(body).includes('[compressed: ctxopt_retrieve'),
    );
    const firstCompressed = compressedAt.indexOf(true);
    expect(firstCompressed).toBeGreaterThan(0);
    for (let index = firstCompressed + 1; index < fake.requests.length; index++) {
      const previous = messageTexts(fake.requests[index - 1]!);
      const current = messageTexts(fake.requests[index]!);
      // The previous call's compressed blocks (up to its cache breakpoint) open this call unchanged.
      const breakpoint = fake.requests[index - 1]!.messages.findLastIndex((message) =>
        blocksOf(message).some((block) => block.cache_control),
      );
      expect(breakpoint).toBeGreaterThan(0);
      expect(current.slice(0, breakpoint + 1)).toEqual(previous.slice(0, breakpoint + 1));
      expectToolPairs(fake.requests[index]!);
    }
    // Two ephemeral markers: after the last compressed block, and on the tool call just before
    // the turn's fresh result, which the next turn compresses (so it is never written to the cache).
    const last = fake.requests.at(-1)!;
    const marked = last.messages.flatMap((message) =>
      blocksOf(message).filter((block) => block.cache_control),
    );
    expect(marked).toEqual([
      expect.objectContaining({ type: 'tool_result', cache_control: { type: 'ephemeral' } }),
      expect.objectContaining({ type: 'tool_use', cache_control: { type: 'ephemeral' } }),
    ]);
    expect(JSON.stringify(marked[0])).toContain('[compressed: ctxopt_retrieve');
    expect(blocksOf(last.messages.at(-1)!)).toEqual([
      expect.not.objectContaining({ cache_control: expect.anything() }),
    ]);
    // A prompt that ends with the question is cached to its end.
    const question = fake.requests.at(-2)!;
    expect(blocksOf(question.messages.at(-1)!).at(-1)).toMatchObject({
      type: 'text',
      cache_control: { type: 'ephemeral' },
    });
    // The metadata says what block mode did.
    expect(usages.at(-1)).toMatchObject({
      status: 'compressed',
      blocks: { reusedParts: expect.any(Number) },
    });
    expect(usages.at(-1)!.blocks!.blocks).toBeGreaterThan(0);
  });

  it('streams with the same blocks (streamText)', async () => {
    const { fake, model, sent } = await agentSetup();
    const messages = await runTurns(model, 6, lookupTools);
    const before = sent.length;
    messages.push({ role: 'user', content: batchQuestion(7) });
    const result = streamText({
      model,
      system: SYSTEM,
      messages,
      tools: lookupTools,
      stopWhen: isStepCount(4),
    });
    await result.consumeStream();
    const streamed = fake.requests.at(-1)!;
    expect(messageTexts(streamed).slice(0, 4)).toEqual(
      messageTexts(fake.requests.at(-3)!).slice(0, 4),
    );
    expect(JSON.stringify(streamed)).toContain('[compressed: ctxopt_retrieve');
    // At most the block that closes at this turn: the previous turn's tool result.
    expect(sent.length - before).toBeLessThanOrEqual(1);
    expect((await result.providerMetadata)?.ctxopt).toMatchObject({ blocks: expect.any(Object) });
  });

  it('gets a dropped detail back through ctxopt_retrieve in an agent loop', async () => {
    const store = new MemoryCompressionStore();
    const { fake, model } = await agentSetup({ store });
    const tools: ToolSet = { ...lookupTools, [RETRIEVE_TOOL_NAME]: createRetrieveTool({ store }) };
    const messages = await runTurns(model, 8, tools);
    // Order 1037 is in batch 1's result, which block mode compressed to a few lines.
    const last = JSON.stringify(fake.requests.at(-1)!.messages);
    expect(last).not.toContain('order 1037 |');
    const question = 'What is the status of order 1037?';
    // Recall off for this call, so only the tool can bring the line back.
    const result = await generateText({
      model,
      system: SYSTEM,
      messages: [...messages, { role: 'user', content: question }],
      tools,
      stopWhen: isStepCount(4),
      providerOptions: { ctxopt: { blocks: { recallTokens: 0 } } },
    });
    const calls = result.steps.flatMap((step) => step.toolCalls);
    expect(calls.map((call) => call.toolName)).toEqual([RETRIEVE_TOOL_NAME]);
    expect(result.steps[0]!.toolResults[0]!.output).toContain(orderLine(1, 37));
    expect(JSON.stringify(fake.requests.at(-1)!.messages)).toContain(orderLine(1, 37));
    expect(result.text).toBe('Found order 1037.');
  });

  it('brings the same detail back by recall, with the question and after the cached blocks', async () => {
    const { fake, model } = await agentSetup();
    const messages = await runTurns(model, 8, lookupTools);
    const result = await generateText({
      model,
      system: SYSTEM,
      messages: [...messages, { role: 'user', content: 'What is the status of order 1037?' }],
      tools: lookupTools,
      stopWhen: isStepCount(4),
    });
    expect(result.text).toBe('Found order 1037.');
    const body = fake.requests.at(-1)!;
    // Content blocks in prompt order: the recall comes after the cached blocks' breakpoint,
    // in the question's own message right after its text, and carries the tail breakpoint.
    const blocks = body.messages.flatMap((message) => blocksOf(message));
    const recallIndex = blocks.findIndex((block) =>
      block.text?.startsWith('Recalled from the compressed history'),
    );
    const markers = blocks.flatMap((block, index) => (block.cache_control ? [index] : []));
    expect(markers).toHaveLength(2);
    expect(recallIndex).toBeGreaterThan(markers[0]!);
    expect(recallIndex).toBe(markers[1]!);
    expect(blocks[recallIndex - 1]!.text).toBe('What is the status of order 1037?');
    expect(blocksOf(body.messages.at(-1)!).map((block) => block.text)).toEqual([
      'What is the status of order 1037?',
      blocks[recallIndex]!.text,
    ]);
    expect(JSON.stringify(blocks[recallIndex])).toContain(orderLine(1, 37));
  });
  it('caches a tool loop’s fresh results to the end of the prompt: the loop’s next step reads them', async () => {
    // Each turn looks up two batches, one step after the other, then answers.
    const fake = await startFakeAnthropic(
      (request, index) => {
        const turnStart = request.messages.findLastIndex((message) =>
          blocksOf(message).some((block) => block.type === 'text'),
        );
        const results = request.messages
          .slice(turnStart)
          .flatMap((message) => blocksOf(message))
          .filter((block) => block.type === 'tool_result').length;
        const batch = Number(/batch (\d+)/.exec(JSON.stringify(request.messages[turnStart]))?.[1]);
        return results < 2
          ? {
              toolCalls: [
                {
                  id: `toolu_${index + 1}`,
                  name: 'lookup',
                  arguments: { batch: batch + results * 100 },
                },
              ],
            }
          : { text: `Batches ${batch} and ${batch + 100} read.` };
      },
      { usage: fixedUsage },
    );
    cleanups.push(fake.close);
    const model = wrapLanguageModel({
      model: createAnthropic({ baseURL: fake.baseURL, apiKey: 'sk-ant-test' })('claude-sonnet-4-5'),
      middleware: contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() }),
    });
    await runTurns(model, 5, lookupTools);
    // The last turn: its first step ends with a fresh result, its second with two.
    const [firstStep, secondStep] = fake.requests.slice(-2) as [AnthropicRequest, AnthropicRequest];
    for (const request of [firstStep, secondStep]) {
      const last = blocksOf(request.messages.at(-1)!).at(-1)!;
      expect(last).toMatchObject({ type: 'tool_result', cache_control: { type: 'ephemeral' } });
    }
    // What the first step cached, the second sends again unchanged.
    expect(messageTexts(secondStep).slice(0, firstStep.messages.length)).toEqual(
      messageTexts(firstStep),
    );
  });
});
