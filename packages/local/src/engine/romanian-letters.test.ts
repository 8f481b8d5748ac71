import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldRomanianCommas } from './romanian-letters.ts';
import { stem, termsOf } from './terms.ts';
import { romanian } from './testing/written-languages.ts';

/**
 * Romanian's ș and ț are written with a comma below, and with a cedilla (ş, ţ) in text of
 * older encodings and keyboards: the question and text are in testing/written-languages.ts.
 */

describe('Romanian letters', () => {
  it('reads ş and ș, ţ and ț, as one letter, in either case and written apart', () => {
    expect(stem('mureș')).toBe(stem('mureş'));
    expect(termsOf('ȚARA Românească')).toEqual(termsOf('Ţara Românească'));
    expect(termsOf('Timișoara')).toEqual(termsOf('Timişoara'));
    expect(foldRomanianCommas('s\u0326tiint\u0326a')).toBe(foldRomanianCommas('știința'));
    expect(foldRomanianCommas('s\u0327tiint\u0327a')).toBe(foldRomanianCommas('știința'));
    // Words without them are untouched.
    expect(foldRomanianCommas('river')).toBe('river');
  });

  it('reads a word written with either mark as one, whatever its letters', () => {
    const letter = fc.constantFrom(...'abcdeistuăâîşșţț'.split(''));
    fc.assert(
      fc.property(fc.array(letter, { minLength: 1, maxLength: 14 }), (letters) => {
        const word = letters.join('');
        const comma = word.replace(/ş/g, 'ș').replace(/ţ/g, 'ț');
        const cedilla = word.replace(/ș/g, 'ş').replace(/ț/g, 'ţ');
        expect(foldRomanianCommas(comma)).toBe(foldRomanianCommas(cedilla));
        expect(stem(comma)).toBe(stem(cedilla));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves Turkish words, which write the cedilla, to the Turkish stemmer', () => {
    expect(stem('doğmuştur', 'tr')).toBe(stem('doğdu', 'tr'));
  });

  it.each(['standard', 'ultra'] as const)(
    'keeps the paragraph of the river a question writes with the comma below at %s',
    (level) => {
      const result = compressContext({ context: romanian.context, query: romanian.query, level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(romanian.answer);
    },
  );
});
