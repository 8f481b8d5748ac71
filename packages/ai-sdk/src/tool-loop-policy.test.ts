import { createOpenAI } from '@ai-sdk/openai';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { generateText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import { pastDeadline } from '../../../test/support/fake-deadline.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { startHungServer } from '../../../test/support/json-server.ts';
import { expectLoopGoal, LOOP_QUESTION, LOOP_SYSTEM } from '../../../test/support/tool-loop.ts';
import { HISTORY_ASSISTANT, HISTORY_USER } from './test-support/conversation.ts';
import { runToolLoop } from './test-support/tool-loop-run.ts';
import './test-support/quiet-warnings.ts';

const emulator = useEmulator();

const { compressCalls } = emulator;

describe('contextOptimizerMiddleware in an agent tool loop (generateText, @ai-sdk/openai)', () => {
  it('sends a 12-step loop for no more than the loop sent whole with prompt caching: each step extends the previous prompt, the newest result unchanged, every pair intact', async () => {
    const plain = await runToolLoop({ steps: 12, system: LOOP_SYSTEM });
    const optimized = await runToolLoop({
      steps: 12,
      system: LOOP_SYSTEM,
      optimizer: emulator.client(),
    });
    // Closing each result older than the newest three as the loop ran rewrote the cached
    // tail at every step from the fifth on: 1.5x to 1.7x of the loop sent whole.
    expectLoopGoal(optimized.requests, plain.requests);
    // The loop's results are compressed once its turn is over, not while it runs.
    expect(compressCalls()).toBe(0);
  }, 60_000);

  it('offers ctxopt_retrieve in no step of a loop whose prompts hold no handle, so the loop costs no more than without ctxopt', async () => {
    const plain = await runToolLoop({ steps: 12, system: LOOP_SYSTEM });
    const optimized = await runToolLoop({
      steps: 12,
      system: LOOP_SYSTEM,
      optimizer: emulator.client(),
      retrieveTool: true,
    });
    // Offered on every step, its definition went ahead of the messages in each cached
    // prefix: 1.01x to 1.02x of the loop without ctxopt.
    for (const request of optimized.requests) {
      expect(JSON.stringify(request)).not.toContain('ctxopt_retrieve');
      expect(request.tools?.map((tool) => tool.function?.name)).toEqual(['readReport']);
    }
    expect(expectLoopGoal(optimized.requests, plain.requests)).toBe(1);
  }, 60_000);

  it('makes one compress call for a 4-step loop over an unchanged history', async () => {
    const { result, requests } = await runToolLoop({
      steps: 4,
      system: LOOP_SYSTEM,
      optimizer: emulator.client(),
      input: {
        messages: [
          { role: 'user', content: HISTORY_USER },
          { role: 'assistant', content: HISTORY_ASSISTANT },
          { role: 'user', content: LOOP_QUESTION },
        ],
      },
    });
    expect(requests).toHaveLength(4);
    expect(compressCalls()).toBe(1);
    expect(result.steps.map((step) => step.providerMetadata?.ctxopt?.calls)).toEqual([1, 0, 0, 0]);
    // Every step received the same compressed history, byte for byte.
    const histories = requests.map((request) => JSON.stringify(request.messages[1]));
    expect(new Set(histories).size).toBe(1);
    expect(histories[0]).toContain('Earlier conversation (compressed):');
  });

  it('never compresses the current question, even when a long tool loop closes it into a block', async () => {
    // A question with a pasted note: long enough that block mode would compress it as history.
    const question = `${LOOP_QUESTION} Here are my notes from the March review:\n${Array.from(
      { length: 16 },
      (_, line) =>
        `Note ${line + 1}: lane ${line * 3} was rerouted through hub ${['North', 'East', 'South'][line % 3]} for ${line + 2} days, so its late counts need care.`,
    ).join('\n')}`;
    expect(question.length).toBeGreaterThan(1_200);
    const { requests } = await runToolLoop({
      steps: 8,
      system: LOOP_SYSTEM,
      // keepLast 0: every result closes into a block as it arrives, behind the question.
      optimizer: { ...emulator.client(), toolResults: { keepLast: 0 } },
      input: { prompt: question },
    });
    // The older results were compressed, and every step received the question as asked.
    expect(compressCalls()).toBeGreaterThan(0);
    for (const request of requests)
      expect(request.messages[1]).toEqual({ role: 'user', content: question });
  }, 60_000);

  it('with toolResults.keepLast 0 compresses each result once as it arrives, so each step extends the previous prompt', async () => {
    const { requests } = await runToolLoop({
      steps: 5,
      system: LOOP_SYSTEM,
      optimizer: { ...emulator.client(), toolResults: { keepLast: 0 } },
    });
    expect(requests).toHaveLength(5);
    // One compress call per result, each against the question and its call.
    expect(compressCalls()).toBe(4);
    for (const request of requests.slice(1)) {
      const lastResult = request.messages.at(-1)!;
      expect(lastResult.role).toBe('tool');
      expect(String(lastResult.content)).toMatch(
        /ctxopt_retrieve \{"handle":"cx[0-9a-f]{32}"\}\]$/,
      );
    }
    // Each step's messages start with the previous step's, byte for byte.
    requests.slice(1).forEach((request, index) => {
      const previous = requests[index]!.messages;
      expect(request.messages.slice(0, previous.length)).toEqual(previous);
    });
  }, 60_000);

  it('costs a step at most the 5 s deadline when the service hangs, with default settings', async () => {
    const hung = await startHungServer();
    const openaiApi = await startFakeOpenAIChat(() => ({ text: 'ok' }));
    try {
      const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL });
      const messages = [
        { role: 'user' as const, content: HISTORY_USER },
        { role: 'assistant' as const, content: HISTORY_ASSISTANT },
        { role: 'user' as const, content: LOOP_QUESTION },
      ];
      const model = wrapLanguageModel({
        model: openai.chat('gpt-4o-mini'),
        middleware: contextOptimizerMiddleware({ apiKey: 'sk-test-hung', baseURL: hung.url }),
      });
      // The deadline's 5 s on a fake clock: the call must still wait at 4,999 ms.
      const result = await pastDeadline(() => generateText({ model, messages }), {
        deadlineMs: 5_000,
        reached: () => hung.requests() >= 1,
      });
      expect(result.text).toBe('ok');
      expect(result.providerMetadata?.ctxopt).toMatchObject({
        status: 'failed',
        error: { name: 'APIConnectionTimeoutError' },
      });
      // The model got the original prompt.
      expect(openaiApi.requests.at(-1)!.messages.at(1)).toEqual({
        role: 'assistant',
        content: HISTORY_ASSISTANT,
      });
    } finally {
      await openaiApi.close();
      await hung.close();
    }
  }, 30_000);
});
