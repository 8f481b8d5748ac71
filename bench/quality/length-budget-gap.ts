/**
 * How much of one set's gap to XQuAD English is the shape of its data (long answers, a
 * small token budget) and how much the engine's reading of the language, on the dev parts
 * only. Run: `node --conditions=@ctxopt/source bench/quality/length-budget-gap.ts`.
 *
 * For XQuAD en, ARCD and PersianQA (both long-answer sets), and for ARCD and PersianQA
 * with each article padded to XQuAD en's context size by other dev articles' paragraphs
 * (padded-contexts.ts: the same questions at XQuAD en's token budget), at 2x / 4x / 10x:
 *
 * 1. retention by answer length in characters (13 or fewer, 14 to 25, over 25; XQuAD en's
 *    median is 13);
 * 2. retention by context size in tokens, that is by budget (a tenth of it at 10x);
 * 3. the gap to XQuAD en in parts: answer length (the set's retention reweighted to XQuAD
 *    en's mix of answer lengths, minus as measured), budget (the set at XQuAD en's budget
 *    in tokens, reweighted the same way, minus the set reweighted), and what is left (the
 *    language as the engine reads it, and the questions' own style). XQuAD en's budget is
 *    given two ways: the padded contexts at 2x / 4x / 10x, and ARCD's own contexts at the
 *    modes' 1.5x / 3x / 6x, which give about the same number of tokens with no distractor.
 */

import { compressContext } from '../../packages/local/src/engine/compress-context.ts';
import { formatTable } from '../support/table.ts';
import { retentionRates } from './length-mix.ts';
import { paddedWithDistractors, XQUAD_EN_CONTEXT_TOKENS } from './padded-contexts.ts';
import { retains } from './retention.ts';
import { loadSets, readBuiltSet } from './sets.ts';
import type { SuiteExample } from './suite-example.ts';

const LEVELS = ['low', 'standard', 'ultra'] as const;
/** Answer lengths in characters: up to XQuAD en's median, up to about twice it, longer. */
const LENGTHS: ReadonlyArray<readonly [string, number, number]> = [
  ['<=13', 0, 13],
  ['14-25', 14, 25],
  ['>25', 26, Number.POSITIVE_INFINITY],
];
/** Context sizes in tokens (the 10x budget is a tenth). */
const SIZES: ReadonlyArray<readonly [string, number, number]> = [
  ['<400', 0, 399],
  ['400-599', 400, 599],
  ['600-899', 600, 899],
  ['>=900', 900, Number.POSITIVE_INFINITY],
];

interface Outcome {
  answerChars: number;
  contextTokens: number;
  /** Kept at 2x / 4x / 10x. */
  kept: boolean[];
}

/**
 * The modes whose ratios (1.5x / 3x / 6x) give a context of ARCD's median size (about 500
 * tokens) about the budgets in tokens XQuAD en's (about 800) gets at 2x / 4x / 10x.
 */
const MODES = ['conservative', 'balanced', 'aggressive'] as const;

function measure(examples: readonly SuiteExample[], byMode = false): Outcome[] {
  return examples.map((example) => {
    let contextTokens = 0;
    const kept = LEVELS.map((level, at) => {
      const setting = byMode ? { mode: MODES[at]! } : { level };
      const result = compressContext({
        context: example.context,
        ...setting,
        query: example.query,
      });
      contextTokens = result.inputTokens;
      return retains(result.compressed, example);
    });
    return { answerChars: [...example.answers![0]!].length, contextTokens, kept };
  });
}

const binOf = (bins: typeof LENGTHS, value: number) =>
  bins.findIndex(([, low, high]) => value >= low && value <= high);

/** Count and kept per bin and level. */
function byBin(outcomes: readonly Outcome[], bins: typeof LENGTHS, key: keyof Outcome) {
  const count = bins.map(() => 0);
  const kept = LEVELS.map(() => bins.map(() => 0));
  for (const outcome of outcomes) {
    const bin = binOf(bins, outcome[key] as number);
    count[bin]!++;
    outcome.kept.forEach((yes, level) => {
      if (yes) kept[level]![bin]!++;
    });
  }
  return { count, kept };
}

const percent = (kept: number, of: number) => (of === 0 ? '-' : ((100 * kept) / of).toFixed(1));

/** Retention at each level as measured, and reweighted to `mix`'s shares of answer lengths. */
function rates(outcomes: readonly Outcome[], mix?: readonly number[]): number[] {
  const { count, kept } = byBin(outcomes, LENGTHS, 'answerChars');
  return retentionRates(count, kept, mix);
}

const sets = loadSets('dev');
const named = (part: string) => {
  const set = sets.find((each) => each.name.startsWith(part));
  if (!set) throw new Error(`${part} is missing from the dev sets`);
  return set.examples;
};
const measured = [
  ['XQuAD en', measure(named('XQuAD en'))],
  ['ARCD ar', measure(named('ARCD ar, article'))],
  ['ARCD ar, at 1.5x / 3x / 6x', measure(named('ARCD ar, article'), true)],
  [
    `ARCD ar, padded to ${XQUAD_EN_CONTEXT_TOKENS}`,
    measure(paddedWithDistractors(readBuiltSet('arcd'), XQUAD_EN_CONTEXT_TOKENS)),
  ],
  ['PersianQA fa', measure(named('PersianQA fa'))],
  [
    `PersianQA fa, padded to ${XQUAD_EN_CONTEXT_TOKENS}`,
    measure(paddedWithDistractors(readBuiltSet('persianqa'), XQUAD_EN_CONTEXT_TOKENS)),
  ],
] as const;

function binTable(title: string, bins: typeof LENGTHS, key: keyof Outcome): string {
  const rows: string[][] = [];
  for (const [name, outcomes] of measured) {
    const { count, kept } = byBin(outcomes, bins, key);
    rows.push([
      name,
      ...bins.map((_, bin) => {
        const cell = kept.map((row) => percent(row[bin]!, count[bin]!)).join(' / ');
        return `${count[bin]}: ${cell}`;
      }),
    ]);
  }
  return formatTable({
    title,
    columns: ['set (dev)', ...bins.map(([name]) => name)],
    rows,
  });
}

console.log(
  binTable(
    'Retention by answer length in characters (dev): questions: 2x / 4x / 10x %',
    LENGTHS,
    'answerChars',
  ),
);
console.log('');
console.log(
  binTable(
    'Retention by context size in tokens (the 10x budget is a tenth) (dev): questions: 2x / 4x / 10x %',
    SIZES,
    'contextTokens',
  ),
);
console.log('');

const english = measured[0][1];
const mix = byBin(english, LENGTHS, 'answerChars').count;
const englishRates = rates(english);
const show = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
const rows: string[][] = [];
for (const [base, padded] of [
  [1, 2],
  [1, 3],
  [4, 5],
] as const) {
  const asMeasured = rates(measured[base][1]);
  const lengthWeighted = rates(measured[base][1], mix);
  const paddedWeighted = rates(measured[padded][1], mix);
  const minus = (a: number[], b: number[]) => a.map((value, at) => value - b[at]!);
  rows.push([
    `${measured[base][0]} (${padded === 2 ? 'at 1.5x / 3x / 6x' : 'padded'})`,
    show(englishRates),
    show(asMeasured),
    show(lengthWeighted),
    show(rates(measured[padded][1])),
    show(paddedWeighted),
    show(minus(englishRates, asMeasured)),
    show(minus(lengthWeighted, asMeasured)),
    show(minus(paddedWeighted, lengthWeighted)),
    show(minus(englishRates, paddedWeighted)),
  ]);
}
console.log(
  formatTable({
    title:
      "The gap to XQuAD en in parts (dev), 2x / 4x / 10x, points; weighted = to XQuAD en's answer lengths",
    columns: [
      'set',
      'XQuAD en',
      'set',
      'set, weighted',
      'same budget',
      'same budget, weighted',
      'gap',
      'answer length',
      'budget',
      'left',
    ],
    rows,
  }),
);
