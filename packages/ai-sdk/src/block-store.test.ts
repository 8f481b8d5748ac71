import { createAnthropic } from '@ai-sdk/anthropic';
import { type ContextOptimizerUsage, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import type { CompressionStore } from '@ctxopt/core';
import { RedisCompressionStore } from '@ctxopt/core/redis';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, isStepCount, type ModelMessage, wrapLanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../../../test/support/fake-anthropic-messages.ts';
import {
  type RunningRedis,
  redisServerAvailable,
  startRedisServer,
} from '../../../test/support/redis-server.ts';
import { batchQuestion, fixedUsage, lookupAgentAnswer } from './test-support/lookup-agent.ts';
import { lookupTools } from './test-support/lookup-tools.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** An app instance: its own engine client (counting what it sends) and middleware, over the shared fake provider. */
function instance(
  baseURL: string,
  options: { store?: CompressionStore; mode?: 'conservative' } = {},
) {
  const engine = new LocalContextOptimizer();
  const sent: string[] = [];
  const usages: ContextOptimizerUsage[] = [];
  const model = wrapLanguageModel({
    model: createAnthropic({ baseURL, apiKey: 'sk-ant-test' })('claude-sonnet-4-5'),
    middleware: contextOptimizerMiddleware({
      optimizer: {
        compress: (params, requestOptions) => {
          sent.push(String(params.context));
          return engine.compress(params, requestOptions);
        },
        generate: (params) => engine.generate(params),
      },
      onUsage: (usage) => usages.push(usage),
      ...options,
    }),
  });
  return { model, sent, usages };
}

async function turn(
  model: ReturnType<typeof instance>['model'],
  messages: ModelMessage[],
  batch: number,
) {
  messages.push({ role: 'user', content: batchQuestion(batch) });
  const result = await generateText({
    model,
    system: 'Orders.',
    messages,
    tools: lookupTools,
    stopWhen: isStepCount(4),
  });
  messages.push(...result.responseMessages);
}

describe('block mode stores', () => {
  it('compresses and answers as usual when the store fails', async () => {
    const fake = await startFakeAnthropic(lookupAgentAnswer, { usage: fixedUsage });
    cleanups.push(fake.close);
    const broken: CompressionStore = {
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
      claim: () => new Promise(() => {}),
    };
    const app = instance(fake.baseURL, { store: broken });
    const messages: ModelMessage[] = [];
    // Four turns: the first whose blocks compress, each claim waiting out the store's 250 ms
    // guard (six took 7 s for nothing more).
    for (let batch = 1; batch <= 4; batch++) await turn(app.model, messages, batch);
    expect(app.sent.length).toBeGreaterThan(0);
    expect(JSON.stringify(fake.requests.at(-1))).toContain('[compressed: ctxopt_retrieve');
    expect(app.usages.at(-1)).toMatchObject({ status: 'compressed' });
  });

  it('does not rewrite blocks the provider caches when the rewrite would cost more than it saves, and says so', async () => {
    // Conservative mode keeps two thirds, and two turns in few calls are left to read the
    // block: rewriting what the provider already caches would cost more than it saves.
    const options = {
      mode: 'conservative' as const,
      blocks: { blockTokens: 500 },
      toolResults: { keepLast: 0 },
    };
    const cached = await startFakeAnthropic(lookupAgentAnswer, {
      usage: () => ({ input_tokens: 100, output_tokens: 10, cache_read_input_tokens: 1_000_000 }),
    });
    cleanups.push(cached.close);
    const gatedApp = instance(cached.baseURL, options);
    const messages: ModelMessage[] = [];
    for (let batch = 1; batch <= 3; batch++) await turn(gatedApp.model, messages, batch);
    expect(gatedApp.usages.some((usage) => (usage.blocks?.gatedParts ?? 0) > 0)).toBe(true);
    expect(gatedApp.sent).toHaveLength(0);

    // The same conversation with nothing reported cached is compressed.
    const uncached = await startFakeAnthropic(lookupAgentAnswer, { usage: fixedUsage });
    cleanups.push(uncached.close);
    const openApp = instance(uncached.baseURL, options);
    const again: ModelMessage[] = [];
    for (let batch = 1; batch <= 3; batch++) await turn(openApp.model, again, batch);
    expect(openApp.sent.length).toBeGreaterThan(0);
    expect(openApp.usages.every((usage) => (usage.blocks?.gatedParts ?? 0) === 0)).toBe(true);
  });
});

describe.runIf(redisServerAvailable())(
  'block mode with a Redis store shared by two app instances',
  () => {
    let redis: RunningRedis;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('compresses each block once between them', async () => {
      const fake = await startFakeAnthropic(lookupAgentAnswer, { usage: fixedUsage });
      cleanups.push(fake.close);
      const stores = [0, 1].map(() => new RedisCompressionStore({ url: redis.url }));
      cleanups.push(async () => {
        await Promise.all(stores.map((store) => store.close()));
      });
      const apps = stores.map((store) => instance(fake.baseURL, { store }));
      // One conversation, its turns served by one instance or the other, as behind a load balancer.
      const messages: ModelMessage[] = [];
      for (let batch = 1; batch <= 10; batch++) await turn(apps[batch % 2]!.model, messages, batch);
      const sent = apps.flatMap((app) => app.sent);
      expect(sent.length).toBeGreaterThan(2);
      expect(new Set(sent).size).toBe(sent.length);
      // Each instance sent prompts with blocks that came from the shared store.
      for (const app of apps) {
        expect(app.usages.some((usage) => (usage.blocks?.reusedParts ?? 0) > 0)).toBe(true);
      }
    });
  },
);
