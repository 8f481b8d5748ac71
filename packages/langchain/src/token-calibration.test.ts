import { contextOptimizerMiddleware } from '@ctxopt/langchain';
import { AIMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { JAPANESE_HISTORY, japaneseChat } from '../../../test/support/japanese-notes.ts';

const emulator = useEmulator();

describe('token counts calibrated from usage_metadata (createAgent, @langchain/openai)', () => {
  it('fires trigger.tokens where the provider counts, also for non-Latin text', async () => {
    const openaiApi = await startFakeOpenAIChat(() => ({ text: 'ok' }));
    try {
      const agent = createAgent({
        model: new ChatOpenAI({
          model: 'gpt-4o-mini',
          apiKey: 'sk-test-openai',
          configuration: { baseURL: openaiApi.baseURL },
        }),
        tools: [],
        middleware: [
          contextOptimizerMiddleware({
            ...emulator.client(),
            minTokens: 0,
            trigger: { tokens: 1_000 },
          }),
        ],
      });
      const input = { messages: japaneseChat() };
      expect(JAPANESE_HISTORY.length / 4).toBeLessThan(500);
      const first = await agent.invoke(input);
      expect(emulator.compressCalls()).toBe(0);
      const answer = first.messages.at(-1)!;
      expect(AIMessage.isInstance(answer) && answer.usage_metadata!.input_tokens).toBeGreaterThan(
        1_000,
      );
      await agent.invoke(input);
      expect(emulator.compressCalls()).toBe(1);
      expect(JSON.stringify(openaiApi.requests.at(-1)!.messages)).toContain(
        'Earlier conversation (compressed):',
      );
    } finally {
      await openaiApi.close();
    }
  });
});
