import { createOpenAI } from '@ai-sdk/openai';
import { type ContextOptimizerMiddlewareOptions, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { countTokens } from '@ctxopt/local';
import { generateText, wrapLanguageModel } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { JAPANESE_HISTORY, japaneseChat } from '../../../test/support/japanese-notes.ts';
import './test-support/quiet-warnings.ts';

const emulator = useEmulator();
let openaiApi: Awaited<ReturnType<typeof startFakeOpenAIChat>>;
beforeEach(async () => {
  openaiApi = await startFakeOpenAIChat(() => ({ text: 'ok' }));
});
afterEach(async () => {
  await openaiApi.close();
});

/** A model wrapped in the middleware with a 1,000-token trigger, and `options`. */
function triggeredModel(options: ContextOptimizerMiddlewareOptions = {}) {
  const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL });
  return wrapLanguageModel({
    model: openai.chat('gpt-4o-mini'),
    middleware: contextOptimizerMiddleware({
      ...emulator.client(),
      minTokens: 0,
      trigger: { tokens: 1_000 },
      ...options,
    }),
  });
}

describe('token counts that fit the provider (generateText, @ai-sdk/openai)', () => {
  it('fires trigger.tokens where the provider counts, calibrated from its usage, also for non-Latin text', async () => {
    const model = triggeredModel();
    // The estimate (about 4 characters a token) puts this prompt far below 1,000 tokens.
    expect(JAPANESE_HISTORY.length / 4).toBeLessThan(500);
    const first = await generateText({ model, messages: japaneseChat() });
    expect(first.providerMetadata?.ctxopt).toMatchObject({
      status: 'skipped',
      reason: 'below-trigger',
    });
    // The provider counted more than 1,000: from now on the trigger sees that.
    expect(first.usage.inputTokens).toBeGreaterThan(1_000);
    const second = await generateText({ model, messages: japaneseChat() });
    expect(second.providerMetadata?.ctxopt).toMatchObject({ status: 'compressed' });
    expect(emulator.compressCalls()).toBe(1);
  });

  it('counts with a real tokenizer from the first call when given one (countTokens of @ctxopt/local)', async () => {
    expect(countTokens(JAPANESE_HISTORY)).toBeGreaterThan(1_000);
    const estimated = await generateText({ model: triggeredModel(), messages: japaneseChat() });
    expect(estimated.providerMetadata?.ctxopt).toMatchObject({ reason: 'below-trigger' });
    const counted = await generateText({
      model: triggeredModel({ tokenCounter: countTokens }),
      messages: japaneseChat(),
    });
    expect(counted.providerMetadata?.ctxopt).toMatchObject({ status: 'compressed' });
  });
});
