import { type CompressionStore, RETRIEVE_TOOL_NAME } from '@ctxopt/core';
import { createRetrieveTool } from '@ctxopt/langchain';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the LangChain ctxopt_retrieve tool with a malformed handle (createAgent, @langchain/openai)', () => {
  it('refuses it before touching the store, and echoes a short prefix at most', async () => {
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
    const agent = createAgent({
      model: new ChatOpenAI({
        model: 'gpt-4o-mini',
        apiKey: 'sk-test-openai',
        configuration: { baseURL: provider.baseURL },
      }),
      tools: [createRetrieveTool({ store, apiKey: 'tenant-key-0001' })],
    });
    const state = await agent.invoke({
      messages: [{ role: 'user', content: 'What did the compressed result leave out?' }],
    });
    expect(String(state.messages.at(-1)!.content)).toBe('Understood.');
    expect(reads).toEqual([]);
    const toolMessage = provider.requests[1]!.messages.find((message) => message.role === 'tool')!;
    const answer = String(toolMessage.content);
    expect(answer).toMatch(/handle must be "cx" followed by 32 hex digits/);
    expect(answer.length).toBeLessThan(400);
  }, 60_000);
});
