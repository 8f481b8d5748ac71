import { describe, expect, it } from 'vitest';
import { BRIDGE_OPTIONS, bridgeScores, queryNames } from './bridge-terms.ts';
import { segment } from './segment.ts';
import { indexUnits } from './unit-index.ts';

const TEXT = [
  'The Glass Orchard is a novel by Miriam Tollestrup. It is set in Kent.',
  'Tollestrup grew up in Leeds. She studied at Girton College.',
  'Harold Venn was a poet from Bristol. He studied at Balliol College.',
  'Apples grow well in Kent.',
].join('\n\n');

/** `text` segmented and indexed, and the unit that holds a sentence of it. */
function prepare(text = TEXT) {
  const segmentation = segment(text);
  const index = indexUnits(text, segmentation.units);
  const unitOf = (sentence: string) =>
    segmentation.units.findIndex(({ start, end }) => text.slice(start, end).includes(sentence));
  return { segmentation, index, unitOf };
}

/** The bridge scores of `text` when its novel's sentence ("The Glass Orchard ...") is the best unit. */
function bridgedFromNovel(text: string, query: string) {
  const { segmentation, index, unitOf } = prepare(text);
  const relevance = new Float64Array(segmentation.units.length);
  relevance[unitOf('The Glass Orchard')] = 1;
  return { scores: bridgeScores(text, query, segmentation, index, relevance), unitOf };
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

  it('gives a sentence beside a bridge sentence nothing unless it refers back to it', () => {
    // The sentence after "Tollestrup grew up in Leeds." names none of the bridge terms
    // and opens with no pronoun: it is about something else, and gets no share.
    const text = [
      'The Glass Orchard is a novel by Miriam Tollestrup. It is set in Kent.',
      'Tollestrup grew up in Leeds. Leeds has a large covered market. She studied at Girton College.',
      'Apples grow well in Kent.',
    ].join('\n\n');
    const { scores, unitOf } = bridgedFromNovel(text, 'Who wrote The Glass Orchard?');
    expect(scores[unitOf('Tollestrup grew up')]).toBe(1);
    expect(scores[unitOf('Leeds has a large')]).toBe(0);
    expect(scores[unitOf('She studied')]).toBe(0);
  });

  it('lends nothing to the sentences of the source’s own paragraph', () => {
    // One paragraph is about one entity: its other sentences name the source's names
    // because they are about the first hop, not because they hold the second.
    const text = [
      'The Glass Orchard is a novel by Miriam Tollestrup. Tollestrup wrote it in Kent.',
      'Tollestrup grew up in Leeds.',
      'Apples grow well in Kent.',
    ].join('\n\n');
    const { scores, unitOf } = bridgedFromNovel(text, 'Who wrote The Glass Orchard?');
    expect(scores[unitOf('Tollestrup wrote it')]).toBe(0);
    expect(scores[unitOf('Tollestrup grew up')]).toBe(1);
  });

  it('lends inside a passage cut mid-sentence, a chunk that may hold several documents', () => {
    const text = [
      'The Glass Orchard is a novel by Miriam Tollestrup. Tollestrup grew up in Leeds. Apples grow',
      'well in Kent. Harold Venn was a poet from Bristol.',
    ].join('\n\n');
    const { scores, unitOf } = bridgedFromNovel(text, 'Who wrote The Glass Orchard?');
    expect(scores[unitOf('Tollestrup grew up')]).toBe(1);
  });

  it('counts a name’s spread in passages: its own passage may name it in every sentence', () => {
    // Ten passages; the author's passage names her in five sentences, more than a tenth
    // of the units, but she is in two passages only.
    const others = ['Leeds', 'Bristol', 'York', 'Bath', 'Derby', 'Hull', 'Ely', 'Wells'].map(
      (town) => `${town} is a town with a market. Its river floods in spring.`,
    );
    const text = [
      'The Glass Orchard is a novel by Miriam Tollestrup. It is set on a farm.',
      'Tollestrup was born in Kent. Tollestrup taught at a school. Tollestrup wrote poems. Tollestrup kept bees. Tollestrup married Hugh Dane.',
      ...others,
    ].join('\n\n');
    const { scores, unitOf } = bridgedFromNovel(
      text,
      'Who is the spouse of the author of The Glass Orchard?',
    );
    expect(scores[unitOf('Tollestrup married')]).toBeGreaterThan(0);
    expect(scores[unitOf('Leeds is a town')]).toBe(0);
  });

  it('scores only units holding `minTerms` bridge terms, and what refers back to them', () => {
    // "Tollestrup grew up in Leeds" shares one name with the novel's sentence; "Miriam
    // Tollestrup married" shares two.
    const text = [
      'The Glass Orchard is a novel by Miriam Tollestrup. It is set in Kent.',
      'Tollestrup grew up in Leeds.',
      'Miriam Tollestrup married Hugh Dane. She studied at Girton College.',
      'Apples grow well in Kent.',
    ].join('\n\n');
    const { segmentation, index, unitOf } = prepare(text);
    const relevance = new Float64Array(segmentation.units.length);
    relevance[unitOf('The Glass Orchard')] = 1;
    const query = 'who wrote the glass orchard';
    const one = bridgeScores(text, query, segmentation, index, relevance);
    expect(one[unitOf('Tollestrup grew up')]).toBeGreaterThan(0);
    const two = bridgeScores(text, query, segmentation, index, relevance, {
      ...BRIDGE_OPTIONS,
      minTerms: 2,
    });
    expect(two[unitOf('Tollestrup grew up')]).toBe(0);
    expect(two[unitOf('Miriam Tollestrup married')]).toBe(1);
    expect(two[unitOf('She studied')]).toBe(1);
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
    const { segmentation, index, unitOf } = prepare(text);
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
      },
    );
    expect(scores[unitOf('Tollestrup grew up')]).toBeGreaterThan(0);
    expect(scores[unitOf('Delane was born')]).toBeGreaterThan(0);
  });

  it('takes its source from the unit that holds the question’s names when another scores higher', () => {
    // "educated" is the question's rarest word, so the first pass ranks the unit about
    // schools first; the unit about the book, which names its author, is the first hop.
    const text = [
      'schools in kent educated most pupils until the age of fourteen.',
      'the glass orchard is a novel by miriam tollestrup.',
      'tollestrup studied at girton college.',
      'harold venn studied at balliol college.',
      'apples grow well in kent.',
    ].join('\n\n');
    const query = 'Where was the author of The Glass Orchard educated?';
    const { segmentation, index, unitOf } = prepare(text);
    const relevance = new Float64Array(segmentation.units.length);
    relevance[unitOf('schools in kent')] = 1;
    relevance[unitOf('the glass orchard')] = 0.8;
    const options = { sources: 1 };
    const withNames = bridgeScores(text, query, segmentation, index, relevance, {
      ...options,
      names: queryNames(query, index),
    });
    expect(withNames[unitOf('tollestrup studied')]).toBe(1);
    // Without the names the one source is the schools' unit, which names no author.
    const unnamed = bridgeScores(text, query, segmentation, index, relevance, options);
    expect(unnamed[unitOf('tollestrup studied')]).toBe(0);
  });
});

describe('queryNames', () => {
  it('takes the words of the question that open with a capital, not its first word', () => {
    const text = 'where the glass orchard was written, and who wrote it.';
    const index = indexUnits(text, segment(text).units);
    const names = queryNames('Where was The Glass Orchard written?', index);
    const term = (word: string) => index.termIds.get(word);
    expect([...names].sort()).toEqual([term('glass'), term('orchard')].sort());
    expect(queryNames('where was the glass orchard written?', index).size).toBe(0);
  });
});
