import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkCounter } from './chunk-counter.ts';
import { countTokens } from './tokenizer.ts';

/** Characters from every class the splitting expression tells apart, and some tricky runs. */
const CHARACTERS = [
  'a',
  'z',
  'A',
  'Z',
  'ǅ',
  'ʰ',
  '中',
  'א',
  'é',
  'É',
  '\u0301',
  '\u093f',
  '\u20dd',
  '0',
  '7',
  'Ⅻ',
  '²',
  '٣',
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\ufeff',
  '\u2028',
  '\r',
  '\n',
  '\r\n',
  '.',
  ',',
  '!',
  '?',
  '/',
  '\\',
  '(',
  ')',
  '"',
  "'",
  '’',
  '-',
  '_',
  '$',
  '€',
  '😀',
  '👍🏽',
  '𝐀',
  '𝐚',
  '𠀀',
  '𝟏',
  '\ud800',
  '\udc00',
  "'s",
  "'S",
  "'ll",
  "'LL",
  "'ve",
  "'re",
  "'d",
  "'m",
  "'t",
  "'x",
  '<|endoftext|>',
  ' the',
  ' The',
  'THE',
  'ABCdef',
  'camelCase',
  '12345',
  ' 123',
  '.\n/',
  '://',
  '```',
  '|',
  '#',
];

const text = fc
  .array(fc.constantFrom(...CHARACTERS), { minLength: 0, maxLength: 120 })
  .map((parts) => parts.join(''));

describe('ChunkCounter', () => {
  it('counts exactly what countTokens counts', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(new ChunkCounter().count(value, 0, value.length)).toBe(countTokens(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts a range as the text of that range, and reuses what it has seen', () => {
    const counter = new ChunkCounter();
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (value, a, b) => {
        const start = value.length === 0 ? 0 : a % value.length;
        const end = start + (value.length === 0 ? 0 : b % (value.length - start + 1));
        expect(counter.count(value, start, end)).toBe(countTokens(value.slice(start, end)));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts random Unicode exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (value) => {
        expect(new ChunkCounter().count(value, 0, value.length)).toBe(countTokens(value));
      }),
      { numRuns: 3000 },
    );
  });
});
