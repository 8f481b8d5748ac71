import { describe, expect, it } from 'vitest';
import { queryTerms } from './query-terms.ts';
import { segment } from './segment.ts';
import { stem } from './terms.ts';
import { indexUnits } from './unit-index.ts';

function termsFor(text: string, query: string) {
  const index = indexUnits(text, segment(text).units);
  const terms = queryTerms(query, index, true);
  const matched = (term: string) => (terms?.slotOf[index.termIds.get(term)!] ?? -1) >= 0;
  return { terms, matched };
}

describe('queryTerms', () => {
  it('matches another case of a word the context holds only in that case', () => {
    // The question says "Москвы" (genitive), the context only "Москве" (locative); the
    // context's terms are stems (russian-terms.ts).
    const { matched } = termsFor(
      'Университет был основан в Москве в 1755 году. Здание стоит на Моховой улице.',
      'Когда был основан университет Москвы?',
    );
    expect(matched(stem('москве'))).toBe(true);
    expect(matched(stem('университет'))).toBe(true);
  });

  it('matches German plural and singular forms', () => {
    const { matched } = termsFor(
      'Die Regierungen der Länder verhandelten lange über den Vertrag.',
      'Welche Regierung verhandelte über den Vertrag?',
    );
    expect(matched('regierungen')).toBe(true);
  });

  it('keeps words apart that share only a short opening', () => {
    const { matched } = termsFor(
      'The statue stood near the station for a hundred years.',
      'When was the station built?',
    );
    expect(matched('station')).toBe(true);
    expect(matched('statue')).toBe(false);
  });
});
