import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldGreek, greekStem } from './greek-terms.ts';
import { isStopWord, stem, termsOf } from './terms.ts';
import { greek } from './testing/written-languages.ts';

/**
 * Greek drops its accents in capitals, writes the sigma two ways and marks case on the
 * noun's ending: the question and text are in testing/written-languages.ts.
 */

describe('Greek words', () => {
  it('reads a word in capitals, without its accent, as the word written with it', () => {
    expect(stem('ΑΘΗΝΑ'.toLowerCase())).toBe(stem('Αθήνα'.toLowerCase()));
    expect(termsOf('ΠΟΤΕ ΙΔΡΥΘΗΚΕ Η ΑΘΗΝΑ')).toEqual(termsOf('πότε ιδρύθηκε η Αθήνα'));
    // The dialytika, and a vowel with both marks.
    expect(stem('ΑΪΔΟΝΙ'.toLowerCase())).toBe(stem('αηδόνι'.replace('η', 'ϊ')));
    expect(foldGreek('ΐ')).toBe('ι');
    // Polytonic text (breathings, circumflex, iota subscript) folds to the same letters.
    expect(foldGreek('ἀθηναῖος')).toBe(foldGreek('αθηναίος'));
    expect(foldGreek('ᾠδή')).toBe('ωδη');
    // Decomposed marks fold as the composed ones.
    expect(foldGreek('Αθήνα'.normalize('NFD').toLowerCase())).toBe('αθηνα');
  });

  it('stems a word as its unaccented capitals, whatever its letters and marks', () => {
    const letter = fc.constantFrom(...'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰς'.split(''));
    fc.assert(
      fc.property(fc.array(letter, { minLength: 1, maxLength: 14 }), (letters) => {
        const word = letters.join('');
        const capitals = foldGreek(word).toUpperCase();
        expect(stem(capitals.toLowerCase())).toBe(stem(word));
        expect(stem(word).length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the final sigma as sigma', () => {
    expect(foldGreek('ποταμός')).toBe('ποταμοσ');
    // Lower-casing a capital Σ picks ς at the end of a word and σ inside it.
    expect(stem('ΚΑΣΤΡΟΣ'.toLowerCase())).toBe(stem('κάστρος'));
  });

  it('strips the commonest noun and adjective endings to one stem', () => {
    for (const forms of [
      ['ποταμός', 'ποταμού', 'ποταμό', 'ποταμοί', 'ποταμών', 'ποταμούς'],
      ['Αθήνα', 'Αθήνας'],
      ['πόλη', 'πόλης', 'πόλεις', 'πόλεων'],
      ['παιδί', 'παιδιού', 'παιδιά', 'παιδιών'],
      ['όνομα', 'ονόματος', 'ονόματα', 'ονομάτων'],
      ['μαθητής', 'μαθητή', 'μαθητές'],
      ['στέγη', 'στέγης', 'στέγες'],
      // The neuters in -ιο and the masculines in -ιος, nominative and accusative included.
      ['βιβλίο', 'βιβλίου', 'βιβλία', 'βιβλίων'],
      ['μουσείο', 'μουσείου', 'μουσεία'],
      ['Ιούλιος', 'Ιούλιο', 'Ιουλίου'],
    ]) {
      const stems = new Set(forms.map((form) => greekStem(form.toLowerCase())));
      expect([...stems], forms.join(' ')).toHaveLength(1);
    }
    // A stem keeps three letters and a vowel: "γιος" (son) is not "για" (for).
    expect(greekStem('γιος')).toBe('γιοσ');
    expect(isStopWord(stem('γιος'))).toBe(false);
  });

  it('reads articles, prepositions and question words as stop words', () => {
    for (const word of [
      'η',
      'της',
      'τους',
      'στην',
      'και',
      'ποιος',
      'ποια',
      'πότε',
      'ΠΟΤΕ',
      'είναι',
    ]) {
      expect(isStopWord(stem(word.toLowerCase())), word).toBe(true);
    }
    for (const word of ['αγορά', 'στέγη', 'Αθήνα', 'ποταμός']) {
      expect(isStopWord(stem(word.toLowerCase())), word).toBe(false);
    }
    // Other scripts keep their rules.
    expect(stem('rivers')).toBe('river');
  });

  it.each(['standard', 'ultra'] as const)(
    'keeps the sentence that answers a question written in capitals at %s',
    (level) => {
      const result = compressContext({ context: greek.context, query: greek.query, level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(greek.answer);
    },
  );
});
