import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import {
  digitsAsWords,
  greek,
  hindi,
  persian,
  romanian,
  vietnamese,
  type WrittenCase,
} from './testing/written-languages.ts';

/**
 * The word rules of particular scripts and languages (Greek accents and stems, Hindi
 * spellings and stems, Romanian's two marks, the name groups of caseless and Vietnamese
 * text, a question's digits meeting number words), as the package ships them: the
 * engine's tests of each rule compress the same texts from the sources.
 */
const cases: [language: string, written: WrittenCase, levels: ('standard' | 'ultra')[]][] = [
  ['Greek, a question in capitals', greek, ['standard', 'ultra']],
  ['Hindi, other spellings and endings', hindi, ['standard', 'ultra']],
  ['Romanian, the comma below against the cedilla', romanian, ['standard', 'ultra']],
  ['Persian, the words of a name weigh once', persian, ['ultra']],
  ['Vietnamese, the syllables of a word or name weigh once', vietnamese, ['ultra']],
  [
    "English, a question's digits meet the passage's number words",
    digitsAsWords,
    ['standard', 'ultra'],
  ],
];

describe('word rules of each script, as the package ships', () => {
  for (const [language, { context, query, answer }, levels] of cases) {
    it.each(levels)(`${language}: keeps the sentence that answers at %s`, (level) => {
      const result = compressContext({ context, query, level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(answer);
    });
  }
});
