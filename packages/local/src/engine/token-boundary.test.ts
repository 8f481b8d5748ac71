import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';
import { compressContext } from './compress-context.ts';
import { renderContext } from './render-context.ts';
import { isSafeCut } from './token-boundary.ts';
import { countTokens } from './tokenizer.ts';

/** Pieces that meet at every kind of boundary the tokenizer's split rules care about. */
const PIECES = [
  'word',
  'Word',
  ' the',
  ' Eiffel',
  'tower',
  "'s",
  "'LL",
  ' 1889',
  '12345',
  '.',
  '. ',
  '!',
  '?',
  ',',
  ' (',
  ')',
  '"',
  '“',
  '”',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n\n',
  '\r\n',
  ' \n',
  '/',
  '//',
  '```',
  '|',
  '# ',
  '- ',
  '* ',
  '1. ',
  'é',
  'naïve',
  '中文',
  '日本語',
  '😀',
  'Ⅻ',
  '²',
  '\u00a0',
  '<|endoftext|>',
  'Document [3] (Title: Paris) ',
  'user: ',
  '__init__',
  'camelCase',
  'https://example.com/a',
];

const text = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 60 })
  .map((parts) => parts.join(''));

describe('token boundaries', () => {
  it('a safe cut splits the token count exactly', () => {
    fc.assert(
      fc.property(text, (value) => {
        const whole = countTokens(value);
        for (let index = 1; index < value.length; index++) {
          if (!isSafeCut(value, index)) continue;
          expect(countTokens(value.slice(0, index)) + countTokens(value.slice(index))).toBe(whole);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('usage figures are exact for any input, level and query', () => {
    const long = fc
      .array(fc.constantFrom(...PIECES), { minLength: 80, maxLength: 400 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        long,
        fc.constantFrom('low', 'standard', 'ultra', 'auto'),
        fc.constantFrom('', 'When was the Eiffel tower built?', 'word Paris'),
        (context, level, query) => {
          const result = compressContext({ context, level, ...(query ? { query } : {}) });
          expect(result.inputTokens).toBe(countTokens(context));
          expect(result.compressedTokens).toBe(countTokens(result.compressed));
          expect(result.compressedTokens).toBeLessThanOrEqual(result.inputTokens);
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('usage figures are exact for message arrays', () => {
    const message = fc.record({
      role: fc.constantFrom('user', 'assistant', 'system', 'tool'),
      content: fc
        .array(fc.constantFrom(...PIECES), { maxLength: 80 })
        .map((parts) => parts.join('')),
    });
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 12 }), (context) => {
        const result = compressContext({ context, query: 'Eiffel tower word', level: 'standard' });
        expect(result.compressedTokens).toBe(countTokens(result.compressed));
        expect(result.inputTokens).toBe(countTokens(renderContext(context).text));
      }),
      { numRuns: propertyRuns(150) },
    );
  });
});
