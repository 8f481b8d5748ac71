import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greekStem, isGreekLetter } from './greek-terms.ts';
import { hindiStem, isDevanagari, normalizeHindi } from './hindi-terms.ts';
import { foldRomanianCommas } from './romanian-letters.ts';
import { stem, termsOf } from './terms.ts';
import { wordsOf } from './word-scanner.ts';

/**
 * The word rules of Greek, Hindi and Romanian over arbitrary text mixing their scripts
 * with what breaks naive rules: combining marks written apart (a word may begin with one),
 * lone surrogates, the zero-width joiner and non-joiner, Latin and Devanagari digits.
 * None throws, and a word with letters or marks is never read as nothing: an empty term
 * would match every other empty term.
 */
const piece = fc.constantFrom(
  ...'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰςΑΣΩἀᾠῆ'.split(''),
  ...'कखगङचञटणतनपमयरलवशसहािीुूेैोौंँ़्ऽ।॥०१९\u0958\u095b'.split(''),
  ...'aăâîsștțşţSȘȚ'.split(''),
  ...['\u0326', '\u0327', '\u0300', '\u0301', '\u0308', '\u0342', '\u0345'],
  ...['\u200c', '\u200d', '\ud800', '\udbff', '\udc00', '\udfff'],
  ...'0123456789 .?\n'.split(''),
);
const text = fc.array(piece, { minLength: 1, maxLength: 40 }).map((pieces) => pieces.join(''));
/** A word of those pieces, with no white space. */
const word = text.map((value) => value.replace(/\s/g, '')).filter((value) => value.length > 0);

const runs = { numRuns: 1000 };

describe('word rules on adversarial text', () => {
  it('reads every word of any text as a term with something in it', () => {
    fc.assert(
      fc.property(text, (value) => {
        const words = wordsOf(value);
        const terms = termsOf(value);
        expect(terms).toHaveLength(words.length);
        for (const term of terms) expect(term.length).toBeGreaterThan(0);
      }),
      // A nukta after a space: the word of the nukta alone normalises to nothing.
      { ...runs, examples: [['क \u093c'], ['\u200d\u093c']] },
    );
  });

  it('never throws, and never stems a word to nothing', () => {
    fc.assert(
      fc.property(word, (value) => {
        expect(greekStem(value).length).toBeGreaterThan(0);
        expect(hindiStem(value).length).toBeGreaterThan(0);
        expect(foldRomanianCommas(value).length).toBeGreaterThan(0);
        expect(stem(value).length).toBeGreaterThan(0);
        normalizeHindi(value);
      }),
      { ...runs, examples: [['\u093c'], ['\u0301'], ['\u200c\u093c\u200d']] },
    );
  });

  it('normalises and folds once for all', () => {
    fc.assert(
      fc.property(word, (value) => {
        const normal = normalizeHindi(value);
        expect(normalizeHindi(normal)).toBe(normal);
        const folded = foldRomanianCommas(value);
        expect(foldRomanianCommas(folded)).toBe(folded);
      }),
      runs,
    );
  });

  it('stems a Greek or Devanagari word by its own rules only, never by the English endings', () => {
    fc.assert(
      fc.property(word, (value) => {
        const first = value.charCodeAt(0);
        if (isDevanagari(first)) expect(stem(value)).toBe(hindiStem(value));
        else if (isGreekLetter(first)) expect(stem(value)).toBe(greekStem(value));
      }),
      runs,
    );
  });
});
