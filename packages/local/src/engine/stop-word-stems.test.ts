import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStopWord, stem } from './terms.ts';

/**
 * Stop words are looked up after stemming, so a stop word whose stem differs from it
 * ("does" is "doe", "during" is "dur") must be a stop word in that form too.
 */
describe('stop words after stemming', () => {
  it('reads the stems of stop words as stop words', () => {
    for (const word of ['does', 'during', 'having', 'themselves', 'ourselves']) {
      expect(isStopWord(stem(word)), word).toBe(true);
    }
    expect(isStopWord(stem('festival'))).toBe(false);
  });

  it('does not rank sentences by the "does" of the question', () => {
    const towns = ['Arden', 'Bexley', 'Corran', 'Dunmore', 'Elsdon', 'Fenwick', 'Garth', 'Holme'];
    const context = towns
      .map((town, at) =>
        [
          `The museum of ${town} does open late, and the gallery does open early.`,
          `The market of ${town} sells wool and cheese from the hills around it.`,
          at === 5
            ? 'The festival begins on the third of May each year.'
            : `A road from ${town} climbs to the old quarry above the river.`,
          `Visitors to ${town} can walk along the river to the mill.`,
        ].join(' '),
      )
      .join('\n\n');
    const result = compressContext({
      context,
      query: 'When does the festival open?',
      level: 'ultra',
    });
    expect(result.compressed).toContain('the third of May');
  });
});

/**
 * Stemming applies only where a word's script names its language: words of the scripts
 * with no stemmer of their own (Bengali, Tamil, Thai, Lao, Khmer, Myanmar, Tibetan...) are
 * left as written, never cut by the English suffix rules. (Devanagari has its own:
 * hindi-terms.ts.)
 */
describe('scripts with no stemmer of their own', () => {
  it('are left as written, whatever their words', () => {
    const letter = fc.constantFrom(...'ক্রবীনতামிழ்ນະຄອນលើច្រាំងမြို့သည်བོད'.split(''));
    fc.assert(
      fc.property(fc.array(letter, { minLength: 1, maxLength: 12 }), (letters) => {
        const word = letters.join('');
        expect(stem(word)).toBe(word);
      }),
      { numRuns: 500 },
    );
  });
});
