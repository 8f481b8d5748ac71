import { type CompressionStore, MemoryCompressionStore } from '@ctxopt/core';
import { RedisCompressionStore } from '@ctxopt/core/redis';
import { contextOptimizerMiddleware, createRetrieveTool } from '@ctxopt/langchain';
import { type Emulator, startEmulator } from '@ctxopt/local';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
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
import { lookup } from './test-support/lookup-orders.ts';

const KEY_A = 'tenant-a-key-000001';
const KEY_B = 'tenant-b-key-000002';

const textOf = (content: unknown) =>
  typeof content === 'string' ? content : JSON.stringify(content);

let emulator: Emulator;
let provider: Awaited<ReturnType<typeof startFakeOpenAIChat>>;
beforeAll(async () => {
  emulator = await startEmulator({ apiKeys: [KEY_A, KEY_B] });
  provider = await startFakeOpenAIChat(retrievingLookupScript);
});
afterAll(async () => {
  await provider?.close();
  await emulator?.close();
});

interface Tenant {
  apiKey: string;
  /** A per-call scope (`runtime.context.ctxopt.scope`): one app serving several users. */
  scope?: string;
}

/** One tenant's agent: the middleware and the retrieve tool with its key, over the given store. */
function agentOf(tenant: Tenant, store: CompressionStore) {
  const agent = createAgent({
    model: new ChatOpenAI({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test-openai',
      configuration: { baseURL: provider.baseURL },
    }),
    tools: [lookup, createRetrieveTool({ store, apiKey: tenant.apiKey })],
    systemPrompt: 'You answer questions about orders.',
    middleware: [
      contextOptimizerMiddleware({ apiKey: tenant.apiKey, baseURL: emulator.url, store }),
    ],
  });
  let messages: unknown[] = [];
  const say = async (content: string) => {
    const from = provider.requests.length;
    const state = await agent.invoke(
      { messages: [...(messages as never[]), { role: 'user', content }] },
      tenant.scope ? { context: { ctxopt: { scope: tenant.scope } } } : {},
    );
    messages = state.messages;
    return provider.requests.slice(from);
  };
  const retrieve = async (handle: string) => {
    const requests = await say(`Retrieve ${handle}`);
    return textOf(requests.at(-1)!.messages.at(-1)!.content);
  };
  return { say, retrieve };
}

const charged = (tenant: Tenant) => emulator.ledger.operations(tenant.apiKey);

async function twoTenants(a: Tenant, b: Tenant, storeFor: () => CompressionStore): Promise<void> {
  const first = agentOf(a, storeFor());
  let before = charged(a);
  const aRequests: ChatCompletionsRequest[] = [];
  for (let batch = 1; batch <= 6; batch++) {
    aRequests.push(...(await first.say(`Look up the orders of batch ${batch}.`)));
  }
  const chargedA = charged(a) - before;
  expect(chargedA).toBeGreaterThan(0);
  const handlesOfA = handlesIn(aRequests);
  expect(handlesOfA.size).toBeGreaterThan(0);
  const [handleOfA] = handlesOfA;
  expect(await first.retrieve(handleOfA!)).toMatch(/^order \d+ \| customer/);

  // B, the same conversation on the same store: compressed (and charged) by B, none of A's used.
  const second = agentOf(b, storeFor());
  before = charged(b);
  const bRequests: ChatCompletionsRequest[] = [];
  for (let batch = 1; batch <= 6; batch++) {
    bRequests.push(...(await second.say(`Look up the orders of batch ${batch}.`)));
  }
  expect(charged(b) - before).toBe(chargedA);
  const handlesOfB = handlesIn(bRequests);
  expect([...handlesOfB].filter((handle) => handlesOfA.has(handle))).toEqual([]);
  for (const handle of handlesOfA) {
    expect(await second.retrieve(handle)).toMatch(/^No original is stored for cx[0-9a-f]{32}/);
  }

  // A in another conversation: the first conversation's handles find nothing.
  const elsewhere = agentOf(a, storeFor());
  await elsewhere.say('Look up the orders of batch 9.');
  expect(await elsewhere.retrieve(handleOfA!)).toMatch(/^No original is stored/);
}

describe('two tenants through createAgent (@langchain/openai)', () => {
  it('share no compression and no original on one MemoryCompressionStore', async () => {
    const store = new MemoryCompressionStore({ maxEntries: 10_000 });
    await twoTenants({ apiKey: KEY_A }, { apiKey: KEY_B }, () => store);
  }, 60_000);

  it('keep two users of one app apart by their per-call scope', async () => {
    const store = new MemoryCompressionStore({ maxEntries: 10_000 });
    await twoTenants(
      { apiKey: KEY_A, scope: 'user-1' },
      { apiKey: KEY_A, scope: 'user-2' },
      () => store,
    );
  }, 60_000);

  it.runIf(redisServerAvailable())(
    'share no compression and no original on one redis-server',
    async () => {
      const redis = await startRedisServer();
      const opened: RedisCompressionStore[] = [];
      try {
        await twoTenants({ apiKey: KEY_A }, { apiKey: KEY_B }, () => {
          const store = new RedisCompressionStore({ url: redis.url });
          opened.push(store);
          return store;
        });
      } finally {
        await Promise.all(opened.map((store) => store.close()));
        await redis.stop();
      }
    },
    60_000,
  );
});
