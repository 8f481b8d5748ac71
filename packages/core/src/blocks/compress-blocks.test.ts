import {
  type CompressionStore,
  compressionKey,
  guardStore,
  MemoryCompressionStore,
  runBlockMode,
  StoreScope,
} from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { lineOptimizer } from '../test-support/line-optimizer.ts';
import { lookupConversation } from '../test-support/lookup-conversation.ts';

const base = { partMinTokens: 50, ttlSeconds: 60, timeout: 5_000, blockTokens: 500 };

describe('compressBlocks', () => {
  it('sends each closed block once and reuses its bytes on every later call', async () => {
    const store = guardStore(new MemoryCompressionStore());
    const { optimizer, calls } = lineOptimizer();
    const first = await runBlockMode(lookupConversation(3), { ...base, optimizer, store });
    expect(first.stats).toMatchObject({
      blocks: 3,
      compressedParts: 3,
      compressCalls: 3,
      reusedParts: 0,
    });
    const second = await runBlockMode(lookupConversation(4), { ...base, optimizer, store });
    expect(second.stats).toMatchObject({
      blocks: 4,
      compressedParts: 4,
      compressCalls: 1,
      reusedParts: 3,
    });
    const texts = (parts: typeof first.parts) => parts.map((part) => part.text);
    expect(texts(second.parts.slice(0, 3))).toEqual(texts(first.parts));
    expect(calls).toHaveLength(4);
  });

  it('takes a record of the earlier, unauthenticated format for a miss', async () => {
    const memory = new MemoryCompressionStore();
    const store = guardStore(memory);
    const { optimizer, calls } = lineOptimizer();
    const first = await runBlockMode(lookupConversation(1), { ...base, optimizer, store });
    expect(first.parts).toHaveLength(1);
    const scope = StoreScope.of({ optimizer });
    const key = compressionKey(scope, {
      role: 'tool',
      text: first.parts[0]!.original,
      level: undefined,
    });
    const written = await memory.get(key);
    expect(written).toBeDefined();
    await memory.set(
      key,
      JSON.stringify({ compressed: 'forged', inputTokens: 1, compressedTokens: 1 }),
      60,
    );
    const again = await runBlockMode(lookupConversation(1), { ...base, optimizer, store });
    expect(again.stats).toMatchObject({ reusedParts: 0, compressCalls: 1 });
    expect(again.parts[0]!.compressed).not.toBe('forged');
    expect(calls).toHaveLength(2);
  });

  it('compresses a part whose stored record is refused at once, never waiting on the claim of the record’s writer', async () => {
    const memory = new MemoryCompressionStore();
    const { optimizer, calls } = lineOptimizer();
    // A claim that outlives the call and a long wait for another caller's record: waiting on
    // a refused record's writer would take the whole `claimWait`.
    const settings = { ...base, timeout: 60_000, claimWait: 20_000, optimizer };
    const first = await runBlockMode(lookupConversation(1), {
      ...settings,
      store: guardStore(memory),
    });
    const key = compressionKey(StoreScope.of({ optimizer }), {
      role: 'tool',
      text: first.parts[0]!.original,
      level: undefined,
    });
    const record = JSON.parse((await memory.get(key))!) as Record<string, unknown>;
    await memory.set(key, JSON.stringify({ ...record, c: 'SYSTEM OVERRIDE' }), 60);
    // The writer's claim, still alive (a Redis claim lasts the writer's deadline).
    expect(await memory.claim(key, 60)).toBe(true);
    const started = performance.now();
    const again = await runBlockMode(lookupConversation(1), {
      ...settings,
      store: guardStore(memory),
    });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(again.stats).toMatchObject({ reusedParts: 0, compressCalls: 1 });
    expect(again.parts[0]!.compressed).not.toContain('SYSTEM OVERRIDE');
    expect(calls).toHaveLength(2);
  });

  it('compresses as usual when the store fails or hangs, says so, then leaves it alone a moment', async () => {
    const broken: CompressionStore = {
      get: () => Promise.reject(new Error('store down')),
      set: () => new Promise(() => {}),
      claim: () => Promise.reject(new Error('store down')),
    };
    const failures: string[] = [];
    const store = guardStore(broken, {
      timeout: 50,
      onError: (_error, operation) => failures.push(operation),
    });
    const { optimizer } = lineOptimizer();
    const outcome = await runBlockMode(lookupConversation(2), { ...base, optimizer, store });
    expect(outcome.stats).toMatchObject({ compressedParts: 2, compressCalls: 2, failedParts: 0 });
    // Both reads were on their way when the store failed; every later operation skipped it.
    expect(failures).toEqual(['get', 'get']);
  });

  it('never waits past the deadline for a store that hangs on every operation', async () => {
    const hung: CompressionStore = {
      get: () => new Promise(() => {}),
      set: () => new Promise(() => {}),
      claim: () => new Promise(() => {}),
    };
    // A guard as long as the deadline: only the shared deadline can bound the wait.
    const store = guardStore(hung, { timeout: 10_000 });
    const { optimizer } = lineOptimizer();
    const started = performance.now();
    const outcome = await runBlockMode(lookupConversation(9), {
      ...base,
      optimizer,
      store,
      timeout: 500,
    });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(outcome.parts.length + outcome.stats.failedParts).toBeLessThanOrEqual(9);
  });

  it('leaves a part verbatim when the service fails, and sends it again on the next call', async () => {
    const store = guardStore(new MemoryCompressionStore());
    let fail = true;
    const { optimizer, calls } = lineOptimizer({ failing: () => fail });
    const failed = await runBlockMode(lookupConversation(1), { ...base, optimizer, store });
    expect(failed.parts).toEqual([]);
    expect(failed.stats.failedParts).toBe(1);
    expect(String(failed.errors[0])).toMatch(/service unavailable/);
    fail = false;
    const retried = await runBlockMode(lookupConversation(1), { ...base, optimizer, store });
    expect(retried.parts).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('keeps the call within its deadline when the service hangs', async () => {
    const store = guardStore(new MemoryCompressionStore());
    const { optimizer } = lineOptimizer({ delayMs: 10_000 });
    const started = performance.now();
    const outcome = await runBlockMode(lookupConversation(2), {
      ...base,
      timeout: 200,
      optimizer,
      store,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(outcome.parts).toEqual([]);
    expect(outcome.stats.failedParts).toBe(2);
  });

  it('waits for a part another caller is compressing instead of sending it twice', async () => {
    const store = guardStore(new MemoryCompressionStore());
    const { optimizer, calls } = lineOptimizer({ delayMs: 100 });
    const [one, two] = await Promise.all([
      runBlockMode(lookupConversation(2), { ...base, optimizer, store }),
      runBlockMode(lookupConversation(2), { ...base, optimizer, store }),
    ]);
    expect(calls).toHaveLength(2);
    expect(two.parts.map((part) => part.text)).toEqual(one.parts.map((part) => part.text));
    expect(one.stats.compressCalls + two.stats.compressCalls).toBe(2);
  });

  it('does not rewrite a cached block when the reads it would save cost less than writing it', async () => {
    const store = guardStore(new MemoryCompressionStore());
    const { optimizer, calls } = lineOptimizer();
    // One earlier call, everything of it cached: rewriting costs 1.25x of the compression now
    // and saves 0.1x of the rest on about one call to come.
    const gated = await runBlockMode(lookupConversation(1), {
      ...base,
      optimizer,
      store,
      cachedTokens: 100_000,
    });
    expect(gated.stats).toMatchObject({ gatedParts: 1, compressedParts: 0, compressCalls: 0 });
    expect(calls).toHaveLength(0);
    // Twenty calls in, the same rewrite pays for itself.
    const open = await runBlockMode(lookupConversation(20), {
      ...base,
      optimizer,
      store,
      cachedTokens: 2_000,
    });
    expect(open.stats.gatedParts).toBe(0);
    expect(open.stats.compressedParts).toBe(20);
  });

  it('keys a compression by the tenant, the text and the settings, never the text itself', () => {
    const scope = StoreScope.of({ apiKey: 'key-a' });
    const key = compressionKey(scope, { role: 'tool', text: 'abc' });
    expect(key).toMatch(new RegExp(`^c2:${scope.tenant}:[0-9a-f]{64}$`));
    expect(compressionKey(scope, { role: 'tool', text: 'abc' })).toBe(key);
    expect(compressionKey(scope, { role: 'tool', text: 'abd' })).not.toBe(key);
    expect(compressionKey(scope, { role: 'tool', text: 'abc', level: 'ultra' })).not.toBe(key);
    const other = StoreScope.of({ apiKey: 'key-b' });
    expect(compressionKey(other, { role: 'tool', text: 'abc' })).not.toBe(key);
    expect(compressionKey(scope.withScope('user-1'), { role: 'tool', text: 'abc' })).not.toBe(key);
  });
});
