import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counter.ts';
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

// Full size always: at a quarter, the CI seed missed upper-case contractions ('LL, 'VE, 'RE)
// split as other text, which 3,000 cases find; the three properties take about a second.
describe('countChunks', { timeout: 60_000 }, () => {
  it('counts exactly what countTokens counts', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(countChunks(value)).toBe(countTokens(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts a range as the text of that range, and reuses what it has seen', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (value, a, b) => {
        const start = value.length === 0 ? 0 : a % value.length;
        const end = start + (value.length === 0 ? 0 : b % (value.length - start + 1));
        expect(countChunks(value, start, end)).toBe(countTokens(value.slice(start, end)));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts random Unicode exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (value) => {
        expect(countChunks(value)).toBe(countTokens(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('stays exact after its table fills up and starts over', () => {
    const word = (value: number) =>
      ` q${[...value.toString(26)].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 26))).join('')}`;
    const many = Array.from({ length: 80_000 }, (_, value) => word(value)).join('');
    expect(countChunks(many)).toBe(countTokens(many));
    const sample = 'After the table starts over, counts are still exact. Twice: exact.';
    expect(countChunks(sample)).toBe(countTokens(sample));
    expect(countChunks(sample)).toBe(countTokens(sample));
  });
});
