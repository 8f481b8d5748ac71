import {
  guardStore,
  handleOf,
  MemoryCompressionStore,
  originalKey,
  retrieveOriginal,
} from '@ctxopt/core';
import { describe, expect, it } from 'vitest';

describe('retrieveOriginal', () => {
  it('gives back the original stored for a handle, and says when there is none', async () => {
    const store = new MemoryCompressionStore();
    const handle = handleOf('0123456789abcdef');
    await store.set(originalKey(handle), 'the full tool output', 60);
    expect(await retrieveOriginal(guardStore(store), handle)).toBe('the full tool output');
    expect(await retrieveOriginal(guardStore(store), 'cx000000000000')).toMatch(
      /No original is stored/,
    );
  });

  it('names the field and the rule of a malformed handle', async () => {
    await expect(retrieveOriginal(guardStore(new MemoryCompressionStore()), 'abc')).rejects.toThrow(
      /handle must be "cx" followed by 12 hex digits/,
    );
  });
});
