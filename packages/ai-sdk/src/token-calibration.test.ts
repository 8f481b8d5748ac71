import { createOpenAI } from '@ai-sdk/openai';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { countTokens } from '@ctxopt/local';
import { generateText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import './test-support/quiet-warnings.ts';

const emulator = useEmulator();

/** Japanese notes: about one token for every one or two characters, where the estimate assumes four. */
const JAPANESE_HISTORY = Array.from(
  { length: 60 },
  (_, index) => `第${index + 1}便はロッテルダムの倉庫で${(index % 7) + 1}日遅れた。`,
).join('');

describe('token counts calibrated from the usage the provider reports (generateText, @ai-sdk/openai)', () => {
  it('fires trigger.tokens where the provider counts, also for non-Latin text', async () => {
    const openaiApi = await startFakeOpenAIChat(() => ({ text: 'ok' }));
    try {
      const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL });
      const model = wrapLanguageModel({
        model: openai.chat('gpt-4o-mini'),
        middleware: contextOptimizerMiddleware({
          ...emulator.client(),
          minTokens: 0,
          trigger: { tokens: 1_000 },
        }),
      });
      const messages = [
        { role: 'user' as const, content: JAPANESE_HISTORY },
        { role: 'assistant' as const, content: 'はい、記録しました。' },
        { role: 'user' as const, content: 'どの便が一番遅れましたか?' },
      ];
      // The estimate (about 4 characters a token) puts this prompt far below 1,000 tokens.
      expect(JAPANESE_HISTORY.length / 4).toBeLessThan(500);
      const first = await generateText({ model, messages });
      expect(first.providerMetadata?.ctxopt).toMatchObject({
        status: 'skipped',
        reason: 'below-trigger',
      });
      // The provider counted more than 1,000: from now on the trigger sees that.
      expect(first.usage.inputTokens).toBeGreaterThan(1_000);
      const second = await generateText({ model, messages });
      expect(second.providerMetadata?.ctxopt).toMatchObject({ status: 'compressed' });
      expect(emulator.compressCalls()).toBe(1);
    } finally {
      await openaiApi.close();
    }
  });

  it('counts with a real tokenizer from the first call when given one (countTokens of @ctxopt/local)', async () => {
    const openaiApi = await startFakeOpenAIChat(() => ({ text: 'ok' }));
    try {
      const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL });
      const model = wrapLanguageModel({
        model: openai.chat('gpt-4o-mini'),
        middleware: contextOptimizerMiddleware({
          ...emulator.client(),
          minTokens: 0,
          trigger: { tokens: 1_000 },
          tokenCounter: countTokens,
        }),
      });
      expect(countTokens(JAPANESE_HISTORY)).toBeGreaterThan(1_000);
      const result = await generateText({
        model,
        messages: [
          { role: 'user', content: JAPANESE_HISTORY },
          { role: 'assistant', content: 'はい、記録しました。' },
          { role: 'user', content: 'どの便が一番遅れましたか?' },
        ],
      });
      expect(result.providerMetadata?.ctxopt).toMatchObject({ status: 'compressed' });
    } finally {
      await openaiApi.close();
    }
  });
});
