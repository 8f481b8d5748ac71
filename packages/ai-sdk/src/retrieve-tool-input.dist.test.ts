import { createOpenAI } from '@ai-sdk/openai';
import { createRetrieveTool } from '@ctxopt/ai-sdk';
import { type CompressionStore, RETRIEVE_TOOL_NAME } from '@ctxopt/core';
import { generateText, isStepCount } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import './test-support/quiet-warnings.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the AI SDK ctxopt_retrieve tool with a malformed handle (generateText, @ai-sdk/openai)', () => {
  it('refuses it before execute touches the store, and echoes a short prefix at most', async () => {
    const huge = `cx${'f'.repeat(10 * 1024 * 1024)}`;
    const provider = await startFakeOpenAIChat((index) =>
      index === 0
        ? { toolCalls: [{ id: 'call_1', name: RETRIEVE_TOOL_NAME, arguments: { handle: huge } }] }
        : { text: 'Understood.' },
    );
    cleanups.push(provider.close);
    const reads: string[] = [];
    const store: CompressionStore = {
      get: async (key) => {
        reads.push(key);
        return undefined;
      },
      set: async () => {},
    };
    const result = await generateText({
      model: createOpenAI({ apiKey: 'sk-test-openai', baseURL: provider.baseURL }).chat(
        'gpt-4o-mini',
      ),
      prompt: 'What did the compressed result leave out?',
      tools: { [RETRIEVE_TOOL_NAME]: createRetrieveTool({ store, apiKey: 'tenant-key-0001' }) },
      stopWhen: isStepCount(2),
    });
    expect(result.text).toBe('Understood.');
    expect(reads).toEqual([]);
    // The tool's answer in the next prompt: the rule and a short prefix, not 10 MB.
    const toolMessage = provider.requests[1]!.messages.find((message) => message.role === 'tool')!;
    const answer = String(toolMessage.content);
    expect(answer).toMatch(/handle must be \\?"cx\\?" followed by 32 hex digits/);
    expect(answer.length).toBeLessThan(400);
  }, 60_000);
});
