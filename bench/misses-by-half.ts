/**
 * The misses of one article-paragraph set at one level, by class, in two halves split by
 * context (every other article): read the misses of the first half one by one, and count
 * the second half only, as a check that a rule chosen on the first holds on the other.
 * Dev parts only. Run:
 * `node --conditions=@ctxopt/source bench/misses-by-half.ts --set ARCD [--level ultra] [--show]`
 * (`--set`: the opening of the set's name, "ARCD ar, padded" for ARCD padded to XQuAD en's
 * context size; `--show` prints each miss of the first half).
 *
 * A miss's class comes from the explanation of the units that hold the answer (its
 * occurrence whose units ranked best): larger than the budget; across a unit border, one of
 * its units kept or none, and the kind of each border (the unit before it ends with a
 * comma, the unit after it opens with the Arabic "و", or elsewhere); in one unit holding a
 * content word of the question, ranked near the cut (within twice as many units as were
 * kept) or lower; in one unit holding none, whose piece of the same sentence (the unit
 * before or after it, with no full stop between) holds one, or not.
 */

import { parseArgs } from 'node:util';
import { compressContext } from '../packages/local/src/engine/compress-context.ts';
import type { UnitExplanation } from '../packages/local/src/engine/explain.ts';
import { isStopWord, termsOf } from '../packages/local/src/engine/terms.ts';
import { countTokens } from '../packages/local/src/engine/tokenizer.ts';
import { answerUnits } from './quality/answer-units.ts';
import { retains } from './quality/retention.ts';
import { loadSets } from './quality/sets.ts';
import type { SuiteExample } from './quality/suite-example.ts';
import { formatTable } from './support/table.ts';

const { values } = parseArgs({
  options: {
    set: { type: 'string' },
    level: { type: 'string', default: 'ultra' },
    show: { type: 'boolean', default: false },
  },
});
const level = values.level as 'low' | 'standard' | 'ultra';
if (!['low', 'standard', 'ultra'].includes(level)) {
  throw new Error('--level must be low, standard or ultra');
}
const set = loadSets('dev').find(
  (each) =>
    (each.name.endsWith('article paragraphs') || each.name.includes(', padded to ')) &&
    each.name.startsWith(values.set ?? '-'),
);
if (!set) {
  throw new Error(
    '--set must open the name of an article-paragraph set ("ARCD", or "ARCD ar, padded" for its padded layout)',
  );
}

const CLASSES = [
  'answer units larger than the budget',
  'across a border, part kept',
  'across a border, none kept',
  'borders at a comma',
  'borders before "و"',
  'borders elsewhere',
  'one unit, matches, near the cut',
  'one unit, matches, lower',
  'one unit, no match, its sentence piece matches',
  'one unit, no match, nor its sentence piece',
  'answer longer than the median unit',
  'answer over a third of the budget',
] as const;
type Counts = Record<(typeof CLASSES)[number], number>;

function borderKind(before: UnitExplanation, after: UnitExplanation): (typeof CLASSES)[number] {
  if (/[،,؛;]\s*$/.test(before.text)) return 'borders at a comma';
  if (after.text.trimStart().startsWith('و')) return 'borders before "و"';
  return 'borders elsewhere';
}

/** Adds the classes of a miss to `counts`; returns a line describing it. */
function classify(example: SuiteExample, counts: Counts): string {
  const answer = example.answers![0]!;
  const { explanation, units, rank, touched } = answerUnits(example, level, answer);
  if (touched.length === 0) return 'answer not found';
  const answerTokens = countTokens(answer);
  const sizes = units.map((unit) => unit.tokens).sort((a, b) => a - b);
  if (answerTokens > sizes[Math.floor(sizes.length / 2)]!) {
    counts['answer longer than the median unit']++;
  }
  if (answerTokens > explanation!.budget / 3) counts['answer over a third of the budget']++;
  const kept = units.filter((unit) => unit.kept).length;
  const where = touched.map((unit) => `#${rank.get(unit)}${unit.kept ? ' kept' : ''}`).join(', ');
  if (touched.reduce((sum, unit) => sum + unit.tokens, 0) > explanation!.budget) {
    counts['answer units larger than the budget']++;
    return `larger than the budget (${where})`;
  }
  if (touched.length > 1) {
    counts[
      touched.some((unit) => unit.kept)
        ? 'across a border, part kept'
        : 'across a border, none kept'
    ]++;
    for (let at = 1; at < touched.length; at++)
      counts[borderKind(touched[at - 1]!, touched[at]!)]++;
    return `across a border (${where})`;
  }
  const unit = touched[0]!;
  const question = termsOf(example.query).filter((term) => !isStopWord(term));
  const matches = (each: UnitExplanation | undefined) =>
    each !== undefined && termsOf(each.text).some((term) => question.includes(term));
  if (matches(unit)) {
    const near = rank.get(unit)! <= 2 * kept;
    counts[near ? 'one unit, matches, near the cut' : 'one unit, matches, lower']++;
    return `one unit, matches (${where} of ${units.length}, ${kept} kept)`;
  }
  const at = units.indexOf(unit);
  const joined = (a: UnitExplanation | undefined, b: UnitExplanation | undefined) =>
    a !== undefined && b !== undefined && !/[.!?؟]\s*$/.test(a.text);
  const piece =
    (joined(units[at - 1], unit) && matches(units[at - 1])) ||
    (joined(unit, units[at + 1]) && matches(units[at + 1]));
  counts[
    piece
      ? 'one unit, no match, its sentence piece matches'
      : 'one unit, no match, nor its sentence piece'
  ]++;
  return `one unit, no match${piece ? ', its sentence piece matches' : ''} (${where})`;
}

const contexts = [...new Set(set.examples.map((example) => example.context as string))];
const first = new Set(contexts.filter((_, at) => at % 2 === 0));
const halves = [
  set.examples.filter((example) => first.has(example.context as string)),
  set.examples.filter((example) => !first.has(example.context as string)),
];
const columns: string[][] = [];
const kept: string[] = [];
halves.forEach((examples, half) => {
  const counts = Object.fromEntries(CLASSES.map((name) => [name, 0])) as Counts;
  let retained = 0;
  for (const example of examples) {
    const { compressed } = compressContext({
      context: example.context,
      level,
      query: example.query,
    });
    if (retains(compressed, example)) {
      retained++;
      continue;
    }
    const line = classify(example, counts);
    if (values.show && half === 0) {
      console.log(`${example.query}\n  answer: ${example.answers![0]}\n  ${line}`);
    }
  }
  kept.push(`${retained} of ${examples.length}`);
  columns.push([
    String(examples.length - retained),
    ...CLASSES.map((name) => String(counts[name])),
  ]);
});
console.log(
  formatTable({
    title: `${set.name}, ${level}, dev: misses by class in two halves split by context`,
    columns: ['class', `half 1 (${kept[0]} kept)`, `half 2 (${kept[1]} kept)`],
    rows: ['misses', ...CLASSES].map((name, row) => [name, columns[0]![row]!, columns[1]![row]!]),
  }),
);
