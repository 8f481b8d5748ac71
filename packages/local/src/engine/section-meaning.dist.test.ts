import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { context, QUESTION } from './testing/meaning-passages.ts';

/** The word-vector table is bundled with each build of the package (ES and CommonJS). */
describe('closeness in meaning, as the package ships', () => {
  it('keeps the passage that answers in other words', () => {
    const { compressed } = compressContext({ context, query: QUESTION, level: 'low' });
    expect(compressed).toContain('an average salary');
  });
});
