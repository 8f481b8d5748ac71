import { MemoryCompressionStore } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';

describe('MemoryCompressionStore', () => {
  it('returns what was set until its time to live runs out', async () => {
    let now = 1_000;
    const store = new MemoryCompressionStore({ now: () => now });
    await store.set('a', 'one', 10);
    expect(await store.get('a')).toBe('one');
    now += 9_999;
    expect(await store.get('a')).toBe('one');
    now += 1;
    expect(await store.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry past maxEntries', async () => {
    const store = new MemoryCompressionStore({ maxEntries: 2 });
    await store.set('a', '1', 60);
    await store.set('b', '2', 60);
    await store.get('a');
    await store.set('c', '3', 60);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBe('1');
    expect(await store.get('c')).toBe('3');
  });

  it('gives a claim to one caller until it expires or the value is set', async () => {
    let now = 0;
    const store = new MemoryCompressionStore({ now: () => now });
    expect(await store.claim('k', 5)).toBe(true);
    expect(await store.claim('k', 5)).toBe(false);
    now += 5_000;
    expect(await store.claim('k', 5)).toBe(true);
    await store.set('k', 'v', 60);
    expect(await store.claim('k', 5)).toBe(true);
  });

  it('names the field and the rule of a bad maxEntries', () => {
    expect(() => new MemoryCompressionStore({ maxEntries: 0 })).toThrow(
      /maxEntries must be an integer of at least 1/,
    );
  });
});
