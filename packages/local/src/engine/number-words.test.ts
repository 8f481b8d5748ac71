import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { numberWords } from './number-words.ts';
import { queryTerms } from './query-terms.ts';
import { segment } from './segment.ts';
import { digitsAsWords } from './testing/written-languages.ts';
import { indexUnits } from './unit-index.ts';

function termsFor(text: string, query: string) {
  const index = indexUnits(text, segment(text).units);
  const terms = queryTerms(query, index, true);
  const slot = (term: string) => terms?.slotOf[index.termIds.get(term)!] ?? -1;
  return { slot };
}

describe('numberWords', () => {
  it('gives the cardinal and the ordinal of a number written in digits', () => {
    expect(numberWords('8')).toEqual(['eight', 'eighth']);
    expect(numberWords('2')).toEqual(['two', 'second']);
    expect(numberWords('40')).toEqual(['forty', 'fortieth']);
  });

  it('gives nothing for words, for 1 ("one" and "first" are seldom numbers), other numbers and other terms', () => {
    for (const term of ['1', 'eighth', 'one', 'first', '21', '1918', 'season']) {
      expect(numberWords(term)).toEqual([]);
    }
  });
});

describe('queryTerms with a number in digits', () => {
  it("lets the passage's number words stand for the query's digits", () => {
    const { slot } = termsFor(
      'The eighth season of the show premiered in 2017. It ran for eight weeks.',
      'when does season 8 of the show start',
    );
    expect(slot('eighth')).toBeGreaterThanOrEqual(0);
    expect(slot('eight')).toBe(slot('eighth'));
  });

  it('shares the slot of the digits when the passage writes them too', () => {
    const { slot } = termsFor(
      'The Cubs won game 7 by a score of 8 to 7. The eighth season of the show premiered in 2017.',
      'when does season 8 of the show start',
    );
    expect(slot('8')).toBeGreaterThanOrEqual(0);
    expect(slot('eighth')).toBe(slot('8'));
  });

  it('does not read a word of the query as a number', () => {
    const { slot } = termsFor(
      'Season 1 of the show premiered in 2017, one year after the pilot.',
      'when did the first season of the show start',
    );
    expect(slot('1')).toBe(-1);
    expect(slot('one')).toBe(-1);
  });
});

describe('compressContext with a number in digits', () => {
  // Passages of a retrieval, no titles: each names its chapter in digits but the one the
  // question asks about, which writes it as a word (testing/written-languages.ts).
  const { context, query, answer } = digitsAsWords;

  it("keeps the passage that writes the query's number as a word", () => {
    for (const level of ['standard', 'ultra'] as const) {
      const result = compressContext({ context, query, level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(answer);
    }
  });
});
