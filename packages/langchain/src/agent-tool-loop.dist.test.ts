import type { CompressionReport } from '@ctxopt/core';
import { MemoryCompressionStore } from '@ctxopt/core';
import { contextOptimizerMiddleware, createRetrieveTool } from '@ctxopt/langchain';
import { type StructuredToolInterface, tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import { pastDeadline } from '../../../test/support/fake-deadline.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { startHungServer } from '../../../test/support/json-server.ts';
import {
  expectLoopGoal,
  LOOP_QUESTION,
  LOOP_SYSTEM,
  reportPage,
  toolLoopScript,
} from '../../../test/support/tool-loop.ts';

const readReport = tool(async ({ page }) => reportPage(page), {
  name: 'readReport',
  description: 'Reads one page of the shipment report',
  schema: z.object({ page: z.number() }),
});

const emulator = useEmulator();

const { compressCalls } = emulator;

function chatModel(baseURL: string) {
  return new ChatOpenAI({
    model: 'gpt-4o-mini',
    apiKey: 'sk-test-openai',
    configuration: { baseURL },
  });
}

/** One user turn of `steps` model calls through createAgent; returns what the fake OpenAI received. */
async function agentLoop(
  steps: number,
  middleware: ReturnType<typeof contextOptimizerMiddleware>[],
  tools: StructuredToolInterface[] = [readReport],
) {
  const openaiApi = await startFakeOpenAIChat(toolLoopScript(steps));
  try {
    const agent = createAgent({
      model: chatModel(openaiApi.baseURL),
      tools,
      systemPrompt: LOOP_SYSTEM,
      middleware,
    });
    const state = await agent.invoke(
      { messages: [{ role: 'user', content: LOOP_QUESTION }] },
      { recursionLimit: 60 },
    );
    return { state, requests: openaiApi.requests };
  } finally {
    await openaiApi.close();
  }
}

describe('contextOptimizerMiddleware in a createAgent tool loop (@langchain/openai)', () => {
  it('sends a 12-step loop for no more than the loop sent whole with prompt caching: each step extends the previous prompt, the newest result unchanged, every pair intact', async () => {
    const plain = await agentLoop(12, []);
    const reports: CompressionReport[] = [];
    const optimized = await agentLoop(12, [
      contextOptimizerMiddleware({
        ...emulator.client(),
        onCompress: (report) => reports.push(report),
      }),
    ]);
    // Closing each result older than the newest three as the loop ran rewrote the cached
    // tail at every step from the fifth on: 1.5x to 1.7x of the loop sent whole.
    expectLoopGoal(optimized.requests, plain.requests);
    // The loop's results are compressed once its turn is over, not while it runs.
    expect(compressCalls()).toBe(0);
    expect(reports.length).toBeGreaterThan(0);
    // The agent's state keeps every original result.
    const results = optimized.state.messages.filter((message) => message.getType() === 'tool');
    expect(results.map((message) => message.text)).toEqual(
      Array.from({ length: 11 }, (_, index) => reportPage(index + 1)),
    );
  }, 60_000);

  it('offers ctxopt_retrieve in no step of a loop whose prompts hold no handle, so the loop costs no more than without ctxopt', async () => {
    const plain = await agentLoop(12, []);
    const store = new MemoryCompressionStore();
    const optimized = await agentLoop(
      12,
      [contextOptimizerMiddleware({ ...emulator.client(), store })],
      [readReport, createRetrieveTool({ ...emulator.client(), store })],
    );
    // Offered on every step, its definition went ahead of the messages in each cached
    // prefix: 1.01x to 1.02x of the loop without ctxopt.
    for (const request of optimized.requests) {
      expect(JSON.stringify(request)).not.toContain('ctxopt_retrieve');
      expect(request.tools?.map((offered) => offered.function?.name)).toEqual(['readReport']);
    }
    expect(expectLoopGoal(optimized.requests, plain.requests)).toBe(1);
  }, 60_000);

  it('costs a step at most the 5 s deadline when the service hangs, with default settings', async () => {
    const hung = await startHungServer();
    const openaiApi = await startFakeOpenAIChat(() => ({ text: 'ok' }));
    try {
      const history = [
        { role: 'user', content: reportPage(1) },
        { role: 'assistant', content: reportPage(2) },
      ];
      const build = (middleware: ReturnType<typeof contextOptimizerMiddleware>[]) =>
        createAgent({ model: chatModel(openaiApi.baseURL), tools: [], middleware });
      const input = { messages: [...history, { role: 'user', content: 'And the refund?' }] };
      await build([]).invoke(input);
      const agent = build([
        contextOptimizerMiddleware({ apiKey: 'sk-test-hung', baseURL: hung.url }),
      ]);
      const errors: unknown[] = [];
      // The deadline's 5 s on a fake clock: the call must still wait at 4,999 ms.
      const state = await pastDeadline(
        () =>
          agent.invoke(input, {
            callbacks: [
              {
                handleCustomEvent(name: string, data: unknown) {
                  if (name === 'ctxopt_error') errors.push(data);
                },
              },
            ],
          }),
        { deadlineMs: 5_000, reached: () => hung.requests() >= 1 },
      );
      expect(state.messages.at(-1)!.text).toBe('ok');
      expect(errors).toMatchObject([{ name: 'APIConnectionTimeoutError' }]);
      // The model got the original conversation.
      expect(openaiApi.requests.at(-1)!.messages).toHaveLength(
        openaiApi.requests[0]!.messages.length,
      );
    } finally {
      await openaiApi.close();
      await hung.close();
    }
  }, 30_000);

  it('takes per-call options from runtime.context.ctxopt, checked like the constructor’s', async () => {
    const openaiApi = await startFakeOpenAIChat(toolLoopScript(6));
    try {
      const agent = createAgent({
        model: chatModel(openaiApi.baseURL),
        tools: [readReport],
        middleware: [contextOptimizerMiddleware({ ...emulator.client() })],
      });
      const input = { messages: [{ role: 'user', content: LOOP_QUESTION }] };
      await agent.invoke(input, { context: { ctxopt: { toolResults: { keepLast: 10 } } } });
      expect(compressCalls()).toBe(0);
      await expect(agent.invoke(input, { context: { ctxopt: { timeout: 0 } } })).rejects.toThrow(
        'runtime.context.ctxopt.timeout must be an integer of at least 1 (got 0).',
      );
    } finally {
      await openaiApi.close();
    }
  }, 30_000);

  it('streams each report to streamMode custom, and reads the context window from the model profile', async () => {
    const run = async (context: object, streamed: unknown[]) => {
      const openaiApi = await startFakeOpenAIChat(toolLoopScript(6));
      try {
        const model = chatModel(openaiApi.baseURL);
        expect(model.profile.maxInputTokens).toBeGreaterThan(100_000);
        const agent = createAgent({
          model,
          tools: [readReport],
          middleware: [contextOptimizerMiddleware({ ...emulator.client() })],
        });
        const input = { messages: [{ role: 'user', content: LOOP_QUESTION }] };
        const stream = await agent.stream(input, { streamMode: 'custom', context });
        for await (const chunk of stream) streamed.push(chunk);
      } finally {
        await openaiApi.close();
      }
    };
    // Half the profile's window is far above this conversation: nothing is compressed.
    const quiet: unknown[] = [];
    await run({ ctxopt: { trigger: { fraction: 0.5 } } }, quiet);
    expect(compressCalls()).toBe(0);
    expect(quiet).toEqual([]);
    // Half of a 4,000-token window is crossed once two report pages are in.
    const chunks: unknown[] = [];
    await run(
      {
        // The rewrite policy (blocks: false) reports one span per step, which this checks.
        ctxopt: {
          trigger: { fraction: 0.5 },
          contextWindow: 4_000,
          toolResults: { keepLast: 1 },
          blocks: false,
        },
      },
      chunks,
    );
    expect(compressCalls()).toBeGreaterThan(0);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks[0]).toMatchObject({
      type: 'ctxopt_usage',
      data: {
        source: 'middleware',
        status: 'compressed',
        calls: 1,
        spans: [{ kind: 'tool-result', toolCallId: 'call_1' }],
      },
    });
    const lastChunk = chunks.at(-1) as { data: CompressionReport };
    expect(lastChunk.data.spans.map((span) => span.cached)).toEqual([true, true, true, false]);
  }, 30_000);
});
