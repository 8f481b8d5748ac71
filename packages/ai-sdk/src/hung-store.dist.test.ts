import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { type ContextOptimizerUsage, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { RedisCompressionStore } from '@ctxopt/core/redis';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import {
  type RunningRedis,
  redisServerAvailable,
  startRedisServer,
} from '../../../test/support/redis-server.ts';
import { batchQuestion, lookupResult } from './test-support/lookup-agent.ts';
import './test-support/quiet-warnings.ts';

/** A short deadline keeps the test fast; the rule is the same at the default 5 s. */
const DEADLINE_MS = 1_000;

/** A conversation with `parts` earlier lookups, each a tool result worth compressing, then a question. */
function conversation(parts: number, salt: string): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (let batch = 1; batch <= parts; batch++) {
    const id = `call_${salt}_${batch}`;
    messages.push(
      { role: 'user', content: `${batchQuestion(batch)} (${salt})` },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: id, toolName: 'lookup', input: { batch } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: id,
            toolName: 'lookup',
            output: { type: 'text', value: `${salt}\n${lookupResult(batch)}` },
          },
        ],
      },
      { role: 'assistant', content: `Batch ${batch} read.` },
    );
  }
  messages.push({ role: 'user', content: 'Which orders are pending?' });
  return messages;
}

describe.runIf(redisServerAvailable())('a hung Redis (SIGSTOP) costs at most the deadline', () => {
  let redis: RunningRedis;
  let provider: Awaited<ReturnType<typeof startFakeOpenAIChat>>;
  let store: RedisCompressionStore;
  beforeAll(async () => {
    redis = await startRedisServer();
    provider = await startFakeOpenAIChat(() => ({ text: 'Noted.' }));
    store = new RedisCompressionStore({ url: redis.url });
  });
  afterAll(async () => {
    redis?.resume();
    await store?.close();
    await provider?.close();
    await redis?.stop();
  });

  it('with 3, 5 and 9 parts, no model call waits longer than the deadline + 1 s, then fails open', async () => {
    const usages: ContextOptimizerUsage[] = [];
    const waits: number[] = [];
    // Outside the optimizer: times each model call as the app sees it, compression included.
    const timing: LanguageModelV4Middleware = {
      specificationVersion: 'v4',
      wrapGenerate: async ({ doGenerate }) => {
        const started = performance.now();
        try {
          return await doGenerate();
        } finally {
          waits.push(performance.now() - started);
        }
      },
    };
    const optimizer = new LocalContextOptimizer();
    // One model a phase: each middleware guards the store on its own, so a fresh one meets
    // the hung server afresh instead of a store it left alone after its last failure
    // (`STORE_COOL_DOWN_MS`), and nothing waits out that cool-down.
    const modelWithOwnGuard = () =>
      wrapLanguageModel({
        model: wrapLanguageModel({
          model: createOpenAI({ apiKey: 'sk-test-openai', baseURL: provider.baseURL }).chat(
            'gpt-4o-mini',
          ),
          middleware: contextOptimizerMiddleware({
            optimizer,
            store,
            timeout: DEADLINE_MS,
            blocks: { blockTokens: 500 },
            toolResults: { keepLast: 0 },
            onUsage: (usage) => usages.push(usage),
          }),
        }),
        middleware: timing,
      });
    const model = modelWithOwnGuard();
    // Connected and working first (a later call reads all it needs from Redis), as a
    // server that hangs while in use. The first call's records land after its answer, and
    // on a loaded machine one store operation can miss its 250 ms and leave that guard
    // cooling down: each attempt after the first has a guard of its own, a moment later.
    for (let attempt = 0; attempt < 20; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      await generateText({
        model: attempt === 0 ? model : modelWithOwnGuard(),
        messages: conversation(3, 'warm'),
      });
      if (usages.at(-1)?.blocks?.reusedParts === 3) break;
    }
    expect(usages.at(-1)?.blocks).toMatchObject({ compressedParts: 3, reusedParts: 3 });
    const warmRequests = provider.requests.length;
    redis.pause();
    try {
      waits.length = 0;
      for (const parts of [3, 5, 9]) {
        const result = await generateText({
          model: modelWithOwnGuard(),
          messages: conversation(parts, `hung${parts}`),
        });
        expect(result.text).toBe('Noted.');
        expect(usages.at(-1)?.blocks?.compressedParts).toBe(parts);
      }
    } finally {
      redis.resume();
    }
    expect(waits).toHaveLength(3);
    for (const wait of waits) expect(wait).toBeLessThan(DEADLINE_MS + 1_000);
    console.info(
      `model call waits with a hung store, 3/5/9 parts: ${waits.map((wait) => Math.round(wait)).join(' / ')} ms`,
    );
    // Failing open: each prompt still went out, every part compressed without the store.
    expect(provider.requests).toHaveLength(warmRequests + 3);
  }, 60_000);
});
