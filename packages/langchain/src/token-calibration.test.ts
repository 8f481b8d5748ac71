import { contextOptimizerMiddleware } from '@ctxopt/langchain';
import { AIMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';

const emulator = useEmulator();

/** Japanese notes: about one token for every one or two characters, where the estimate assumes four. */
const JAPANESE_HISTORY = Array.from(
  { length: 60 },
  (_, index) => `第${index + 1}便はロッテルダムの倉庫で${(index % 7) + 1}日遅れた。`,
).join('');

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
      const input = {
        messages: [
          { role: 'user', content: JAPANESE_HISTORY },
          { role: 'assistant', content: 'はい、記録しました。' },
          { role: 'user', content: 'どの便が一番遅れましたか?' },
        ],
      };
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
