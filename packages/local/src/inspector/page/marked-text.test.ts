import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarkedSegment } from '../mark-sentences.ts';
import { keptCount, markedText } from './marked-text.ts';
import { textOf, withClass } from './testing/view-query.ts';

const segments: MarkedSegment[] = [
  { text: 'Paris is the capital of France.', kept: true },
  { text: ' ', kept: true },
  { text: 'Octopuses have three hearts.', kept: false },
  { text: '\n\n', kept: true },
  { text: '- It has 2.1 million people.', kept: true },
];

// Text a caller sent, markup and white space included.
const segmentText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '&amp; &lt;',
    ' ',
    '\n\t',
  ),
);
const markedSegments = fc.array(fc.record({ text: segmentText, kept: fc.boolean() }), {
  maxLength: 30,
});

describe('an operation’s original text, marked kept and dropped', () => {
  it('puts each sentence in a kept or dropped span, white space between them as text', () => {
    const view = markedText(segments);
    expect(withClass(view, 'segment kept').map(textOf)).toEqual([
      'Paris is the capital of France.',
      '- It has 2.1 million people.',
    ]);
    expect(withClass(view, 'segment dropped').map(textOf)).toEqual([
      'Octopuses have three hearts.',
    ]);
    expect(view[1]).toBe(' ');
    expect(view[3]).toBe('\n\n');
  });

  it('counts the sentences kept of those with text', () => {
    expect(keptCount(segments)).toEqual({ kept: 2, total: 3 });
    expect(keptCount([])).toEqual({ kept: 0, total: 0 });
  });

  it('shows the original exactly, every unit marked as the server marked it, markup as text', () => {
    fc.assert(
      fc.property(markedSegments, (input) => {
        const view = markedText(input);
        expect(textOf(view)).toBe(input.map((segment) => segment.text).join(''));
        const units = input.filter((segment) => segment.text.trim());
        const spans = withClass(view, 'segment');
        expect(spans.map((span) => span.className)).toEqual(
          units.map((segment) => (segment.kept ? 'segment kept' : 'segment dropped')),
        );
        // A span holds its unit as one text node: nothing in it becomes an element.
        for (const span of spans)
          expect(span.children.every((child) => typeof child === 'string')).toBe(true);
        expect(keptCount(input)).toEqual({
          kept: units.filter((segment) => segment.kept).length,
          total: units.length,
        });
      }),
    );
  });
});
