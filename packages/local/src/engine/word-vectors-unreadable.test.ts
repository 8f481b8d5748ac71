import type { ContextMessage } from '@ctxopt/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { context, prompt, QUESTION } from './testing/meaning-passages.ts';

/**
 * The word-vector table is a file beside the code (assets/word-vectors.bin): an application
 * bundled without the package's files, or a file cut short, must cost the engine its
 * closeness in meaning, never a compression.
 */

let tableFile: (() => Uint8Array) | undefined;

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: []) =>
    tableFile && String(path).endsWith('word-vectors.bin')
      ? tableFile()
      : fs.readFileSync(path, ...rest)) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

/** The engine as a fresh process loads it, the table file read by `read` (or from disk). */
async function engine(read: (() => Uint8Array) | undefined) {
  tableFile = read;
  vi.resetModules();
  const { compressWithTuning } = await import('./compress-context.ts');
  const { DEFAULT_TUNING } = await import('./tuning.ts');
  const { wordVectors } = await import('./word-vectors.ts');
  return {
    wordVectors,
    compress: (text: string | ContextMessage[], meaningWeight = DEFAULT_TUNING.meaningWeight) =>
      compressWithTuning(
        { context: text, query: QUESTION, level: 'low' },
        { ...DEFAULT_TUNING, meaningWeight },
      ),
  };
}

afterEach(() => {
  tableFile = undefined;
  vi.resetModules();
});

describe('a word-vector table that cannot be read', () => {
  it.each([
    [
      'a missing file',
      () => {
        throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      },
    ],
    ['a file cut short', () => Uint8Array.of(123, 10)],
    [
      'a file of another format',
      () => new TextEncoder().encode('{"format":"x","dimensions":1,"words":1}\na\n\u0001'),
    ],
  ])('leaves %s to words alone, for passages and for a prompt', async (_, read) => {
    const { compress, wordVectors } = await engine(read);
    expect(wordVectors()).toBeUndefined();
    for (const text of [context, prompt]) {
      const result = compress(text);
      expect(result.status).toBe('compressed');
      expect(result.compressed).toBe(compress(text, 0).compressed);
      // Without the table no word of the question tells the answer's passage apart.
      expect(result.compressed).not.toContain('an average salary');
    }
  });

  it('is the only difference: the shipped file, read the same way, keeps the answer', async () => {
    const { compress, wordVectors } = await engine(undefined);
    expect(wordVectors()).toBeDefined();
    for (const text of [context, prompt]) {
      expect(compress(text).compressed).toContain('an average salary');
    }
  });
});
