import { describe, expect, it } from 'vitest';
import { bridgeScores } from './bridge-terms.ts';
import { segment } from './segment.ts';
import { indexUnits } from './unit-index.ts';

const TEXT = [
  'The Glass Orchard is a novel by Miriam Tollestrup. It is set in Kent.',
  'Tollestrup grew up in Leeds. She studied at Girton College.',
  'Harold Venn was a poet from Bristol. He studied at Balliol College.',
  'Apples grow well in Kent.',
].join('\n\n');

function prepare() {
  const segmentation = segment(TEXT);
  const index = indexUnits(TEXT, segmentation.units);
  const unitOf = (sentence: string) =>
    segmentation.units.findIndex(({ start, end }) => TEXT.slice(start, end).includes(sentence));
  return { segmentation, index, unitOf };
}

describe('bridgeScores', () => {
  it('scores units naming the best unit’s rare terms, and the sentence that refers back to them', () => {
    const { segmentation, index, unitOf } = prepare();
    const relevance = new Float64Array(segmentation.units.length);
    relevance[unitOf('The Glass Orchard')] = 1;
    const scores = bridgeScores(
      TEXT,
      'Who wrote The Glass Orchard?',
      segmentation,
      index,
      relevance,
    );
    expect(scores[unitOf('The Glass Orchard')]).toBe(0);
    expect(scores[unitOf('Tollestrup grew up')]).toBe(1);
    // "She ..." refers to the sentence before, which names the bridge entity.
    expect(scores[unitOf('She studied')]).toBe(1);
    // Another paragraph's sentences get nothing from it.
    expect(scores[unitOf('Harold Venn')]).toBe(0);
    expect(scores[unitOf('He studied')]).toBe(0);
  });

  it('gives nothing when no query term occurs in the text', () => {
    const { segmentation, index } = prepare();
    const relevance = new Float64Array(segmentation.units.length).fill(1);
    const scores = bridgeScores(TEXT, 'zeppelin quartz', segmentation, index, relevance);
    expect([...scores].every((score) => score === 0)).toBe(true);
  });

  it('takes its sources from different texts when the best unit is repeated', () => {
    // Overlapping passages repeat a sentence; the second source must be another sentence.
    const text = [
      'The Glass Orchard is a novel by Miriam Tollestrup.',
      'The Glass Orchard is a novel by Miriam Tollestrup.',
      'The Glass Orchard was filmed by Osric Delane.',
      'Tollestrup grew up in Leeds.',
      'Delane was born in Hobart.',
      'Apples grow well in Kent.',
    ].join('\n\n');
    const segmentation = segment(text);
    const index = indexUnits(text, segmentation.units);
    const unitOf = (sentence: string) =>
      segmentation.units.findIndex(({ start, end }) => text.slice(start, end).includes(sentence));
    const relevance = new Float64Array(segmentation.units.length);
    relevance[0] = 1;
    relevance[unitOf('The Glass Orchard is') + 1] = 1;
    relevance[unitOf('filmed by')] = 0.9;
    const scores = bridgeScores(
      text,
      'Who made The Glass Orchard?',
      segmentation,
      index,
      relevance,
      {
        sources: 2,
        termsPerSource: 8,
        neighborShare: 0.8,
      },
    );
    expect(scores[unitOf('Tollestrup grew up')]).toBeGreaterThan(0);
    expect(scores[unitOf('Delane was born')]).toBeGreaterThan(0);
  });
});
