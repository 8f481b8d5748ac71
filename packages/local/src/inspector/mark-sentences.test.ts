import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';
import { renderContext } from '../engine/render-context.ts';
import { markSentences } from './mark-sentences.ts';

const sentence = fc
  .tuple(
    fc.constantFrom(
      'Paris',
      'The tower',
      'A river',
      'Dock WF-03',
      'Rain',
      '**Note**',
      '- item',
      '# Heading',
    ),
    fc.constantFrom(' is', ' has', ' closes', ' stands', ''),
    fc.array(
      fc.constantFrom(
        ' near',
        ' the',
        ' quay',
        ' at 40 km/h',
        ' in spring',
        ' 17 docks',
        ' é',
        ' 😀',
      ),
      {
        maxLength: 12,
      },
    ),
    fc.constantFrom('.', '!', '?', '', '.\n', '\n\n', ':'),
  )
  .map(([subject, verb, words, end]) => `${subject}${verb}${words.join('')}${end}`);
const text = fc.array(sentence, { minLength: 1, maxLength: 60 }).map((parts) => parts.join(' '));
const context = fc.oneof(
  text,
  fc.array(fc.record({ role: fc.constantFrom('user', 'assistant', 'system'), content: text }), {
    minLength: 1,
    maxLength: 6,
  }),
);

describe('markSentences', { timeout: 30_000 }, () => {
  it('gives back the original text, and the units marked kept spell the compressed text', () => {
    fc.assert(
      fc.property(
        context,
        fc.option(fc.constantFrom('Paris', 'quay docks', 'rain in spring')),
        (given, query) => {
          const { compressed } = compressContext({ context: given, ...(query ? { query } : {}) });
          const segments = markSentences(given, compressed);
          expect(segments.map((segment) => segment.text).join('')).toBe(renderContext(given).text);
          // The kept units are the compressed text: nothing marked kept that the engine dropped.
          const words = (value: string) => value.split(/\s+/).filter(Boolean).join(' ');
          const kept = segments.filter((segment) => segment.kept).map((segment) => segment.text);
          expect(words(kept.join(' '))).toBe(words(compressed));
        },
      ),
      { numRuns: propertyRuns(150) },
    );
  });

  it('marks everything kept when nothing was dropped, and everything dropped against an empty text', () => {
    const original = 'Paris is the capital of France. Berlin is the capital of Germany.';
    expect(markSentences(original, original).every((segment) => segment.kept)).toBe(true);
    expect(
      markSentences(original, '')
        .filter((segment) => segment.text.trim())
        .every((segment) => !segment.kept),
    ).toBe(true);
  });
});
