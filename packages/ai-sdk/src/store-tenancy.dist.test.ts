import { createOpenAI } from '@ai-sdk/openai';
import {
  type ContextOptimizerUsage,
  contextOptimizerMiddleware,
  createRetrieveTool,
} from '@ctxopt/ai-sdk';
import { type CompressionStore, MemoryCompressionStore, RETRIEVE_TOOL_NAME } from '@ctxopt/core';
import { RedisCompressionStore } from '@ctxopt/core/redis';
import { type Emulator, startEmulator } from '@ctxopt/local';
import { generateText, isStepCount, type ModelMessage, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatCompletionsRequest,
  startFakeOpenAIChat,
} from '../../../test/support/fake-openai-chat.ts';
import { redisServerAvailable, startRedisServer } from '../../../test/support/redis-server.ts';
import {
  handlesIn,
  retrievingLookupScript,
} from '../../../test/support/retrieving-lookup-script.ts';
import { batchQuestion, lookupResult } from './test-support/lookup-agent.ts';
import { lookupTools } from './test-support/lookup-tools.ts';
import './test-support/quiet-warnings.ts';

const KEY_A = 'tenant-a-key-000001';
const KEY_B = 'tenant-b-key-000002';

const textOf = (content: unknown) =>
  typeof content === 'string' ? content : JSON.stringify(content);

interface Stores {
  name: string;
  /** The store an app instance of `tenant` uses (instances of one deployment share the server). */
  storeFor(tenant: string): CompressionStore;
}

let emulator: Emulator;
let provider: Awaited<ReturnType<typeof startFakeOpenAIChat>>;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [KEY_A, KEY_B] });
  provider = await startFakeOpenAIChat(retrievingLookupScript);
  closers.push(emulator.close, provider.close);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** One tenant's app: the middleware and the retrieve tool with its API key, over the shared store. */
function app(apiKey: string, store: CompressionStore) {
  const usages: ContextOptimizerUsage[] = [];
  const model = wrapLanguageModel({
    model: createOpenAI({ apiKey: 'sk-test-openai', baseURL: provider.baseURL }).chat(
      'gpt-4o-mini',
    ),
    middleware: contextOptimizerMiddleware({
      apiKey,
      baseURL: emulator.url,
      store,
      onUsage: (usage) => usages.push(usage),
    }),
  });
  const tools = { ...lookupTools, [RETRIEVE_TOOL_NAME]: createRetrieveTool({ store, apiKey }) };
  const messages: ModelMessage[] = [];
  const say = async (content: string) => {
    const from = provider.requests.length;
    messages.push({ role: 'user', content });
    const result = await generateText({
      model,
      system: 'Orders.',
      messages,
      tools,
      stopWhen: isStepCount(4),
    });
    messages.push(...result.responseMessages);
    return provider.requests.slice(from);
  };
  /** What the retrieve tool answered the model, as the next request carried it. */
  const retrieve = async (handle: string) => {
    const requests = await say(`Retrieve ${handle}`);
    return textOf(requests.at(-1)!.messages.at(-1)!.content);
  };
  return { say, retrieve, usages };
}

const storeKinds: Stores[] = [
  (() => {
    const shared = new MemoryCompressionStore({ maxEntries: 10_000 });
    return { name: 'one MemoryCompressionStore', storeFor: () => shared };
  })(),
];

describe.each(storeKinds)('two tenants on $name (generateText, @ai-sdk/openai)', (stores) => {
  it('share no compression and no original, and each is charged for its own', async () => {
    await twoTenants(stores);
  }, 60_000);
});

describe.runIf(redisServerAvailable())(
  'two tenants on one redis-server (generateText, @ai-sdk/openai)',
  () => {
    it('share no compression and no original, and each is charged for its own', async () => {
      const redis = await startRedisServer();
      const opened: RedisCompressionStore[] = [];
      try {
        await twoTenants({
          name: 'redis',
          storeFor: () => {
            const store = new RedisCompressionStore({ url: redis.url });
            opened.push(store);
            return store;
          },
        });
      } finally {
        await Promise.all(opened.map((store) => store.close()));
        await redis.stop();
      }
    }, 60_000);
  },
);

async function twoTenants(stores: Stores) {
  const operationsBefore = {
    a: emulator.ledger.operations(KEY_A),
    b: emulator.ledger.operations(KEY_B),
  };
  // Tenant A: a conversation whose tool results are compressed in blocks.
  const a = app(KEY_A, stores.storeFor(KEY_A));
  const aRequests: ChatCompletionsRequest[] = [];
  for (let batch = 1; batch <= 6; batch++) aRequests.push(...(await a.say(batchQuestion(batch))));
  const handlesOfA = handlesIn(aRequests);
  expect(handlesOfA.size).toBeGreaterThan(0);
  const chargedA = emulator.ledger.operations(KEY_A) - operationsBefore.a;
  expect(chargedA).toBeGreaterThan(0);
  // A gets its own original back, in its own conversation.
  const [handleOfA] = handlesOfA;
  expect(await a.retrieve(handleOfA!)).toMatch(/^order \d+ \| customer/);

  // Tenant B: the very same conversation, on the same store.
  const b = app(KEY_B, stores.storeFor(KEY_B));
  const bRequests: ChatCompletionsRequest[] = [];
  for (let batch = 1; batch <= 6; batch++) bRequests.push(...(await b.say(batchQuestion(batch))));
  // B compressed (and was charged for) every part itself: nothing of A's was reused.
  const chargedB = emulator.ledger.operations(KEY_B) - operationsBefore.b;
  expect(chargedB).toBe(chargedA);
  expect(b.usages.reduce((sum, usage) => sum + (usage.calls ?? 0), 0)).toBe(chargedA);
  const handlesOfB = handlesIn(bRequests);
  expect(handlesOfB.size).toBe(handlesOfA.size);
  expect([...handlesOfB].filter((handle) => handlesOfA.has(handle))).toEqual([]);
  // B asking for A's handle finds nothing, in any of B's conversations.
  for (const handle of handlesOfA) {
    expect(await b.retrieve(handle)).toMatch(
      /^No original is stored for cx[0-9a-f]{32} in this conversation/,
    );
  }

  // Tenant A in another conversation: the first conversation's handles find nothing either.
  const elsewhere = app(KEY_A, stores.storeFor(KEY_A));
  await elsewhere.say(batchQuestion(9));
  let crossConversation = 0;
  for (const handle of handlesOfA) {
    const answer = await elsewhere.retrieve(handle);
    if (!/^No original is stored/.test(answer)) crossConversation++;
  }
  expect(crossConversation).toBe(0);
  console.info(
    `${stores.name}: compress calls A ${chargedA}, B ${chargedB} (the same conversation); ` +
      `originals retrieved across tenants 0 of ${handlesOfA.size}, across conversations ${crossConversation} of ${handlesOfA.size}`,
  );
}

describe('two users of one app, by per-call scope (generateText, @ai-sdk/openai)', () => {
  it("never reuse each other's compressions, in the store nor in the in-process cache", async () => {
    const store = new MemoryCompressionStore();
    const usages: ContextOptimizerUsage[] = [];
    const model = wrapLanguageModel({
      model: createOpenAI({ apiKey: 'sk-test-openai', baseURL: provider.baseURL }).chat(
        'gpt-4o-mini',
      ),
      middleware: contextOptimizerMiddleware({
        apiKey: KEY_A,
        baseURL: emulator.url,
        store,
        blocks: false,
        minTokens: 50,
        onUsage: (usage) => usages.push(usage),
      }),
    });
    const history: ModelMessage[] = [
      { role: 'user', content: `Here are my notes:\n${lookupResult(4)}` },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'Which orders are pending?' },
    ];
    const before = emulator.ledger.operations(KEY_A);
    for (const scope of ['user-1', 'user-2', 'user-1']) {
      await generateText({ model, messages: history, providerOptions: { ctxopt: { scope } } });
    }
    // user-1 and user-2 each paid for their own compression; user-1's second call reused its own.
    expect(emulator.ledger.operations(KEY_A) - before).toBe(2);
    expect(usages.map((usage) => usage.calls)).toEqual([1, 1, 0]);
  }, 60_000);
});
