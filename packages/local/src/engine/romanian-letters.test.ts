import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldRomanianCommas } from './romanian-letters.ts';
import { stem, termsOf } from './terms.ts';

/**
 * Romanian's ș and ț are written with a comma below, and with a cedilla (ş, ţ) in text of
 * older encodings and keyboards: a question's "Mureș" is "Mureş" in the text. The texts
 * below were written for these tests.
 */

const RIVERS = [
  'Olt',
  'Jiu',
  'Prut',
  'Siret',
  'Argeş',
  'Someş',
  'Mureş',
  'Timiş',
  'Bega',
  'Crişul',
];
const ANSWER_AT = 6;

function paragraph(river: string, at: number): string {
  const built = `a fost construit de inginerul ${ENGINEERS[at]} în anul ${1860 + at * 7}`;
  return [
    `Râul ${river} curge prin câmpie spre sud şi adună apele din munţi.`,
    at === ANSWER_AT
      ? `Podul de fier de pe ${river} ${built}.`
      : `Podul de fier peste râul ${river} ${built}.`,
    'Pescarii din sat vând peşte proaspăt în piaţa mare în fiecare dimineaţă.',
    `Peste drum de podul de pe ${river} a fost construit un han vechi de piatră.`,
  ].join(' ');
}

const ENGINEERS = [
  'Ionescu',
  'Popescu',
  'Dumitru',
  'Stan',
  'Moldovan',
  'Lazăr',
  'Vasilescu',
  'Matei',
  'Toma',
  'Rusu',
];

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
      const context = RIVERS.map((river, at) => paragraph(river, at)).join('\n\n');
      const result = compressContext({
        context,
        query: 'Cine a construit podul de fier peste Mureș?',
        level,
      });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(`inginerul ${ENGINEERS[ANSWER_AT]}`);
    },
  );
});
