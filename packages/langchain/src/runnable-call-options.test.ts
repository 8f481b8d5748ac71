import { ContextOptimizerRunnable } from '@ctxopt/langchain';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { ChatOpenAI } from '@langchain/openai';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { longSupportHistory, SUPPORT_QUESTION } from './test-support/long-texts.ts';

const emulator = useEmulator();

describe('ContextOptimizerRunnable per call (LCEL, @langchain/openai)', () => {
  it('takes every policy option from config.configurable.ctxopt, checked like the constructor’s', async () => {
    const openaiApi = await startFakeOpenAIChat(() => ({ text: 'Yes.' }));
    try {
      const prompt = ChatPromptTemplate.fromMessages([
        ['system', 'You are a support agent.'],
        new MessagesPlaceholder('history'),
        ['human', '{question}'],
      ]);
      const model = new ChatOpenAI({
        model: 'gpt-4o-mini',
        apiKey: 'sk-test-openai',
        configuration: { baseURL: openaiApi.baseURL },
      });
      const optimizer = new ContextOptimizerRunnable({
        ...emulator.client(),
        minTokens: 0,
      });
      const chain = prompt.pipe(optimizer).pipe(model);
      const input = { history: longSupportHistory(), question: SUPPORT_QUESTION };
      const { compressCalls } = emulator;

      await chain.invoke(input);
      expect(compressCalls()).toBe(1);
      const compressed = openaiApi.requests.at(-1)!.messages;

      await chain.invoke(input, { configurable: { ctxopt: { disabled: true } } });
      expect(compressCalls()).toBe(1);
      expect(JSON.stringify(openaiApi.requests.at(-1)!.messages)).not.toContain(
        'Earlier conversation',
      );
      expect(JSON.stringify(compressed)).toContain('Earlier conversation (compressed)');

      await chain.invoke(input, { configurable: { ctxopt: { level: 'ultra' } } });
      expect(compressCalls()).toBe(2);
      // A per-call level is a different request: sent, not reused, and compressed harder.
      const ultra = openaiApi.requests.at(-1)!.messages;
      expect(JSON.stringify(ultra).length).toBeLessThan(JSON.stringify(compressed).length);

      await expect(
        chain.invoke(input, { configurable: { ctxopt: { keep: { messages: -1 } } } }),
      ).rejects.toThrow(
        'config.configurable.ctxopt.keep.messages must be an integer of at least 0 (got -1).',
      );
    } finally {
      await openaiApi.close();
    }
  });
});
