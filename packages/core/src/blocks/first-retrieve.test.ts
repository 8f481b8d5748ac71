import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { conversationIdOf, guardStore, runBlockMode, StoreScope } from '@ctxopt/core';
import { RedisCompressionStore } from '@ctxopt/core/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningRedis,
  redisServerAvailable,
  startRedisServer,
} from '../../../../test/support/redis-server.ts';
import { lineOptimizer } from '../test-support/line-optimizer.ts';
import { lookupConversation } from '../test-support/lookup-conversation.ts';

const run = promisify(execFile);

/** What a fresh process does: build the retriever both tools use, and retrieve at once. */
const child = `
const { createOriginalRetriever } = await import('@ctxopt/core');
const { RedisCompressionStore } = await import('@ctxopt/core/redis');
const [url, handle] = process.argv.slice(1);
const store = new RedisCompressionStore({ url });
const retrieve = createOriginalRetriever({ store, apiKey: 'tenant-key-0001' });
const started = performance.now();
const text = await retrieve({ handle, messages: [{ role: 'user', text: 'Which order?' }] });
console.log(JSON.stringify({ text, ms: performance.now() - started }));
await store.close();
`;

describe.runIf(redisServerAvailable())('the first ctxopt_retrieve of a fresh process', () => {
  let redis: RunningRedis;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('finds the original, its store warmed before its own guard starts (6 fresh processes)', async () => {
    const store = new RedisCompressionStore({ url: redis.url });
    let handle: string;
    let original: string;
    try {
      const { optimizer } = lineOptimizer();
      const outcome = await runBlockMode(lookupConversation(3), {
        optimizer,
        store: guardStore(store, { timeout: 10_000 }),
        scope: StoreScope.of({ apiKey: 'tenant-key-0001' }),
        conversation: conversationIdOf([{ role: 'user', text: 'Which order?' }]),
        partMinTokens: 50,
        ttlSeconds: 60,
        timeout: 10_000,
      });
      ({ handle, original } = outcome.parts[0]!);
    } finally {
      await store.close();
    }
    // Source files through the source condition; the built packages as they ship otherwise.
    const conditions = process.env.CTXOPT_TEST_TARGET ? [] : ['--conditions=@ctxopt/source'];
    // Six at once: each is a fresh process with its own cold store, and none waits on another.
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        run(
          process.execPath,
          [...conditions, '--input-type=module', '-e', child, redis.url, handle],
          {
            cwd: fileURLToPath(new URL('../..', import.meta.url)),
            timeout: 30_000,
          },
        ),
      ),
    );
    for (const { stdout } of answers) {
      const answer = JSON.parse(stdout.trim().split('\n').at(-1)!) as { text: string; ms: number };
      expect(answer.text).toBe(original);
    }
  }, 120_000);
});
