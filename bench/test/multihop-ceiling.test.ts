import { describe, expect, it } from 'vitest';
import { compressWithTuning } from '../../packages/local/src/engine/compress-context.ts';
import { DEFAULT_TUNING } from '../../packages/local/src/engine/tuning.ts';
import { LAYOUTS } from '../quality/layouts.ts';
import {
  type CeilingInput,
  cheapestSelection,
  joinedTokens,
  missClass,
  passageSpans,
} from '../quality/multihop-ceiling.ts';
import { readBuiltSet } from '../quality/sets.ts';

const bench = LAYOUTS.find((layout) => layout.name === 'Document [i] (Title: t) text')!;
const passages = [
  {
    title: 'Green (Steve Hillage album)',
    text: 'Green is the fourth studio album by the English guitarist Steve Hillage, recorded in Dorking in 1977 and released the next spring. It sold well.',
  },
  {
    title: 'Steve Hillage',
    text: 'Steve Hillage is an English guitarist. His partner is Miquette Giraudy, a keyboard player.',
  },
  {
    title: 'Gong (band)',
    text: 'Gong is a progressive rock band formed in Paris. Its line-up changed many times over the years.',
  },
];

/** The bench layout's context of `passages`, the engine's units of it, and its passages. */
function fixture() {
  const { context } = bench.render(passages);
  const { units } = compressWithTuning(
    { context, level: 'low', query: 'Who is the partner of the performer of Green?' },
    DEFAULT_TUNING,
    { explain: true },
  ).explanation!;
  return { context, units, spans: passageSpans(context, '\n') };
}

/** The cheapest selection for `answers`, passages 0 and 1 supporting. */
function selection(answers: string[], sentences?: CeilingInput['sentences']) {
  const { context, units, spans } = fixture();
  const chosen = cheapestSelection({
    text: context,
    units,
    answers,
    passages: spans,
    supporting: [0, 1],
    ...(sentences ? { sentences } : {}),
  });
  return { context, units, chosen };
}

describe('multi-hop ceiling', () => {
  it('finds the passages of a context by their separator', () => {
    const { context, spans } = fixture();
    expect(spans.map(([start, end]) => context.slice(start, end))).toEqual(context.split('\n'));
  });

  it('takes the answer unit and the cheapest unit of each other supporting passage', () => {
    const { context, units, chosen } = selection(['miquette giraudy']);
    const texts = chosen!.map((unit) => units[unit]!.text.trim());
    // The answer's sentence, and the shorter sentence of the first passage.
    expect(texts).toHaveLength(2);
    expect(texts[0]).toBe('It sold well.');
    expect(texts[1]).toMatch(/^His partner is Miquette Giraudy/);
    // Two sentences join without a token across them: the count is the units' own.
    const own = chosen!.reduce((sum, unit) => sum + units[unit]!.tokens, 0);
    expect(joinedTokens(context, units, chosen!)).toBe(own);
  });

  it('needs each supporting sentence whole when the data gives them', () => {
    const { units, chosen } = selection(
      ['Miquette Giraudy'],
      [[0, 'Green is the fourth studio album by the English guitarist Steve Hillage,']],
    );
    expect(chosen!.map((unit) => units[unit]!.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('Green is the fourth studio album')]),
    );
  });

  it('finds no selection for an answer the context does not hold', () => {
    expect(selection(['Dorking Town']).chosen).toBeUndefined();
  });

  it('classes a miss by what the output holds of the supporting passages', () => {
    const { context, units, spans } = fixture();
    const keeping = (kept: (text: string) => boolean) =>
      missClass({
        text: context,
        units: units.map((unit) => ({ ...unit, kept: kept(unit.text) })),
        answers: ['Miquette Giraudy'],
        passages: spans,
        supporting: [0, 1],
      });
    expect(keeping((text) => text.includes('Gong'))).toBe('neither');
    expect(keeping((text) => text.includes('fourth studio album'))).toBe('first hop only');
    expect(keeping((text) => text.includes('English guitarist.'))).toBe(
      'answer passage, not the answer',
    );
  });

  it('reads the supporting passages of every example of the large set, and 2Wiki sentences', () => {
    for (const example of readBuiltSet('multihop-wiki')) {
      expect(example.supportingPassages!.length, example.id).toBeGreaterThanOrEqual(2);
      const pieces = (example.context as string).split(example.unitSeparator!);
      for (const [passage, sentence] of example.supportingSentences ?? []) {
        expect(pieces[passage], example.id).toContain(sentence);
      }
    }
  });
});
