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

describe('a heading that is mostly white space', () => {
  it('does not take a level its budget: the levels keep their order and most of it', () => {
    // The first heading comes even past the headings' share; here it holds the run of
    // line breaks before it, counted at hundreds of tokens and put out as a few, so
    // `standard` spent its budget on it and kept under half of it (153 of 389 tokens).
    const towns = ['Belgrade', 'Tanaka', 'Oslo'];
    const lines = Array.from(
      { length: 40 },
      (_, at) =>
        `Paragraph ${at}: the river flows through ${towns[at % 3]} and then it winds slowly across the wide green valley of the old kingdom before it reaches the sea in region ${at}.`,
    );
    const context = `${'\n'.repeat(3383)}${lines.join('\n')}`;
    const results = (['low', 'standard', 'ultra'] as const).map((level) =>
      compressContext({ context, level, query: 'river' }),
    );
    const [low, standard, ultra] = results.map((result) => result.compressedTokens);
    expect(low).toBeGreaterThanOrEqual(standard!);
    expect(standard).toBeGreaterThanOrEqual(ultra!);
    const budget = Math.floor(results[1]!.inputTokens / 4);
    expect(standard).toBeGreaterThanOrEqual(budget / 2);
  });
});
