import { guardStore, runBlockMode } from '@ctxopt/core';
import { RedisCompressionStore } from '@ctxopt/core/redis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningRedis,
  redisServerAvailable,
  startRedisServer,
} from '../../../../test/support/redis-server.ts';
import { lineOptimizer } from '../test-support/line-optimizer.ts';
import { lookupConversation } from '../test-support/lookup-conversation.ts';

describe.runIf(redisServerAvailable())('RedisCompressionStore against redis-server', () => {
  let redis: RunningRedis;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('stores values with a time to live under its key prefix, through its own client', async () => {
    const store = new RedisCompressionStore({ url: redis.url, keyPrefix: 'test1:' });
    try {
      await store.set('block', 'compressed text', 30);
      expect(await store.get('block')).toBe('compressed text');
      expect(await store.get('other')).toBeUndefined();
      const client = createClient({ url: redis.url });
      await client.connect();
      try {
        expect(await client.get('test1:block')).toBe('compressed text');
        const ttl = await client.ttl('test1:block');
        expect(ttl).toBeGreaterThan(25);
        expect(ttl).toBeLessThanOrEqual(30);
      } finally {
        client.destroy();
      }
    } finally {
      await store.close();
    }
  });

  it('gives a claim to one of two instances sharing the server, through an app client', async () => {
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const first = new RedisCompressionStore({ client, keyPrefix: 'test2:' });
      const second = new RedisCompressionStore({ client, keyPrefix: 'test2:' });
      const claims = await Promise.all([first.claim('k', 10), second.claim('k', 10)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      client.destroy();
    }
  });

  it('costs a miss, not an error nor a wait, once the server is down', async () => {
    const down = await startRedisServer();
    const store = new RedisCompressionStore({ url: down.url });
    const errors: string[] = [];
    const guarded = guardStore(store, { onError: (_error, operation) => errors.push(operation) });
    try {
      // Unguarded: the first operation also connects, which a loaded machine may make slow.
      await store.set('x', 'y', 30);
      expect(await guarded.get('x')).toBe('y');
      await down.stop();
      const started = performance.now();
      expect(await guarded.get('x')).toBeUndefined();
      await guarded.set('x', 'z', 30);
      expect(await guarded.claim('x', 5)).toBe(true);
      // Bounded by the guard's timeout (250 ms), with room for a loaded machine.
      expect(performance.now() - started).toBeLessThan(3_000);
      // Reported once; the store is then left alone for a moment, not asked again and again.
      expect(errors).toEqual(['get']);
    } finally {
      await store.close();
    }
  });

  it('lets two app instances sharing it compress each block once between them', async () => {
    const instances = [0, 1].map(() => {
      const store = new RedisCompressionStore({ url: redis.url, keyPrefix: 'shared:' });
      return {
        store,
        // Generous: on a loaded machine a slow claim would count as a miss and both would compress.
        guarded: guardStore(store, { timeout: 10_000 }),
        ...lineOptimizer({ delayMs: 30 }),
      };
    });
    try {
      // Turns alternate between the instances, and both also answer the same turn at once.
      for (let turn = 1; turn <= 8; turn++) {
        const serving = turn % 3 === 0 ? instances : [instances[turn % 2]!];
        await Promise.all(
          serving.map((instance) =>
            runBlockMode(lookupConversation(turn), {
              optimizer: instance.optimizer,
              store: instance.guarded,
              partMinTokens: 50,
              ttlSeconds: 60,
              timeout: 5_000,
            }),
          ),
        );
      }
      const sent = instances.flatMap((instance) => instance.calls.map((call) => call.context));
      expect(sent).toHaveLength(8);
      expect(new Set(sent).size).toBe(8);
      // Which instance wins a claim is the scheduler's choice; together they sent each part once.
    } finally {
      await Promise.all(instances.map((instance) => instance.store.close()));
    }
  });

  it('refuses both or neither of client and url', () => {
    expect(() => new RedisCompressionStore({})).toThrow(/exactly one of client or url/);
  });
});
