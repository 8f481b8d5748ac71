import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hindiStem, normalizeHindi } from './hindi-terms.ts';
import { isStopWord, stem, termsOf } from './terms.ts';
import { hindi } from './testing/written-languages.ts';
import { wordsOf } from './word-scanner.ts';

/**
 * Hindi writes one word several ways and inflects it by its ending: the question and text
 * are in testing/written-languages.ts.
 */

describe('Hindi words', () => {
  it('reads the spelling variants of one word as one', () => {
    // Chandrabindu and anusvara.
    expect(normalizeHindi('गाँव')).toBe(normalizeHindi('गांव'));
    // A nasal and a virama before a consonant of its class, and the anusvara.
    expect(normalizeHindi('हिन्दी')).toBe(normalizeHindi('हिंदी'));
    expect(normalizeHindi('सम्बन्ध')).toBe(normalizeHindi('संबंध'));
    expect(normalizeHindi('पण्डित')).toBe(normalizeHindi('पंडित'));
    // Not before a consonant of another class: "अन्य" (other) keeps its cluster.
    expect(normalizeHindi('अन्य')).toBe('अन्य');
    // The nukta precomposed (U+095B), decomposed, or left out.
    expect(normalizeHindi('\u095bिला')).toBe(normalizeHindi('ज\u093cिला'));
    expect(normalizeHindi('ज़िला')).toBe(normalizeHindi('जिला'));
    // A zero-width joiner or non-joiner inside the word.
    expect(normalizeHindi('क्\u200dष')).toBe(normalizeHindi('क्ष'));
    expect(normalizeHindi('क्\u200cष')).toBe(normalizeHindi('क्ष'));
    // Devanagari digits as the digits 0 to 9.
    expect(stem('१८७२')).toBe('1872');
  });

  it('normalises once for all, and never stems a word to nothing', () => {
    const character = fc.constantFrom(
      ...'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशसहािीुूेैोौंँ़्\u200c\u200d\u0958\u095b'.split(''),
    );
    fc.assert(
      fc.property(fc.array(character, { minLength: 1, maxLength: 12 }), (characters) => {
        const word = characters.join('');
        const normal = normalizeHindi(word);
        expect(normalizeHindi(normal)).toBe(normal);
        expect(normal).not.toMatch(/\u200c|\u200d|\u0901|\u093c/);
        if (normal.length > 0) expect(hindiStem(word).length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a word with a joiner inside whole, and leaves other joiners as they were', () => {
    expect(wordsOf('क्\u200dषत्रिय राजा')).toEqual(['क्\u200dषत्रिय', 'राजा']);
    expect(termsOf('क्\u200dषत्रिय')).toEqual(termsOf('क्षत्रिय'));
    // Persian writes the non-joiner between the parts of a word; an emoji sequence the joiner.
    expect(wordsOf('می\u200cخواهم')).toEqual(['می', 'خواهم']);
    expect(wordsOf('a\u200db')).toEqual(['a', 'b']);
  });

  it('strips the longest inflectional ending that leaves a stem', () => {
    for (const forms of [
      ['सड़क', 'सड़कें', 'सड़कों'],
      ['लड़का', 'लड़के', 'लड़कों'],
      ['नदी', 'नदियाँ', 'नदियों'],
      ['किताब', 'किताबें', 'किताबों'],
      ['बनवाई', 'बनवाईं', 'बनवाया'],
      ['करना', 'करते', 'करती'],
    ]) {
      const stems = new Set(forms.map((form) => hindiStem(form)));
      expect([...stems], forms.join(' ')).toHaveLength(1);
    }
    // A stem keeps two characters: "की" (of) is not cut to "क".
    expect(hindiStem('की')).toBe('की');
  });

  it('reads postpositions, auxiliaries and question words as stop words', () => {
    for (const word of ['का', 'की', 'के', 'में', 'से', 'को', 'ने', 'पर', 'है', 'हैं', 'था', 'थे']) {
      expect(isStopWord(stem(word)), word).toBe(true);
    }
    for (const word of ['और', 'भी', 'यह', 'वह', 'किसने', 'कब', 'कहाँ', 'कितने']) {
      expect(isStopWord(stem(word)), word).toBe(true);
    }
    // "कहा" (said) is not "कहाँ" (where): stop words are kept whole by the stemmer.
    expect(isStopWord(stem('कहा'))).toBe(false);
    expect(isStopWord(stem('सड़क'))).toBe(false);
  });

  it.each(['standard', 'ultra'] as const)(
    'keeps the sentence that answers in other spellings and endings at %s',
    (level) => {
      const result = compressContext({ context: hindi.context, query: hindi.query, level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(hindi.answer);
    },
  );
});
