import { describe, expect, it } from 'vitest';
import { compressContext, compressWithTuning } from './compress-context.ts';
import { DEFAULT_TUNING } from './tuning.ts';

const LAKES = [
  'Lake Baikal',
  'Lake Tanganyika',
  'Lake Superior',
  'Lake Malawi',
  'Lake Victoria',
  'Great Bear Lake',
  'Lake Titicaca',
  'Lake Ladoga',
  'Lake Onega',
  'Lake Vostok',
  'Lake Nicaragua',
  'Lake Balkhash',
];

const FILLER = [
  'Fishing villages line parts of the shore and trade with towns further inland.',
  'Winter storms close the harbours for several weeks in most years.',
  'Surveys of the basin were published by a national geographic society.',
];

/** Many short titled passages, one sentence of each about what the question asks. */
function passages(): { context: string; facts: string[] } {
  const facts = LAKES.map(
    (lake, at) =>
      `The deepest sounding of ${lake} reached ${410 + at * 37} metres below its surface.`,
  );
  const context = LAKES.map(
    (lake, at) =>
      `Document [${at + 1}] (Title: ${lake} and its surrounding national park region) ${FILLER.join(' ')} ${facts[at]}`,
  ).join('\n');
  return { context, facts };
}

describe('headings brought along', () => {
  it('take a bounded share of the budget, so many short passages keep their content', () => {
    const { context, facts } = passages();
    const query = 'How deep is the deepest sounding of the lake, in metres?';
    const { compressed } = compressContext({ context, query, level: 'standard' });
    const kept = facts.filter((fact) => compressed.includes(fact)).length;
    // A title line for every kept sentence would cost a third of the budget.
    const uncapped = compressWithTuning(
      { context, query, level: 'standard' },
      { ...DEFAULT_TUNING, headingShare: 1 },
    ).compressed;
    const keptUncapped = facts.filter((fact) => uncapped.includes(fact)).length;
    expect(kept).toBe(facts.length);
    expect(keptUncapped).toBeLessThan(facts.length);
    // The best passage still comes under its title.
    expect(compressed).toMatch(/Document \[\d+\] \(Title: /);
  });
});
