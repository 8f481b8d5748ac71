import { LocalContextOptimizer, startEmulator } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { LONG_CONTEXT } from './emulator/testing/send.ts';

const MILLION = 1_000_000;

describe('the monthly quota of LocalContextOptimizer', { timeout: 60_000 }, () => {
  it('enforces none by default: an app compresses well past a million tokens a month', async () => {
    const optimizer = new LocalContextOptimizer();
    // About 86,000 tokens a call, so a dozen calls pass the emulator's default quota.
    const params = { context: LONG_CONTEXT.repeat(400), query: 'What is the capital of France?' };
    let charged = 0;
    while (charged <= 1.1 * MILLION) {
      const result = await optimizer.compress(params);
      charged += result.usage.request.inputTokens;
    }
    const answered = await optimizer.generate({ ...params, provider: 'openai', model: 'gpt-4o' });
    expect(answered.data.answer).toContain('Paris');
    expect(optimizer.usage()).toMatchObject({
      limitTokens: Number.MAX_SAFE_INTEGER,
      usedTokens: charged + answered.usage.request.inputTokens,
    });
    expect(optimizer.usage().remainingTokens).toBeGreaterThan(MILLION);
  });

  it('enforces the quota a caller asks for', async () => {
    const optimizer = new LocalContextOptimizer({ limitTokens: 100 });
    await optimizer.compress({ context: LONG_CONTEXT });
    await expect(optimizer.compress({ context: LONG_CONTEXT })).rejects.toMatchObject({
      status: 429,
      code: 'quota_exceeded',
    });
  });

  it('leaves the emulator its default quota of a million tokens per key', async () => {
    const emulator = await startEmulator();
    try {
      expect(emulator.ledger.usage(emulator.apiKey).limitTokens).toBe(MILLION);
    } finally {
      await emulator.close();
    }
  });
});
