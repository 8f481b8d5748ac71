/**
 * Why one language's set keeps less than another's: the shape of its data beside the
 * engine's retention, on the dev parts only. Run:
 * `node --conditions=@ctxopt/source bench/language-gap.ts [--cut TOKENS]`.
 *
 * 1. The data of each article-paragraph set: answer length in tokens, context length,
 *    the engine's unit length, the `ultra` budget, and the share of answers that cross a
 *    unit border (the answer is kept only if every unit it touches is).
 * 2. Retention by answer length, and reweighted to XQuAD English's mix of answer lengths:
 *    what a set would keep if its answers were as long as English ones.
 * 3. The same, with every context cut to its opening paragraphs up to `--cut` tokens
 *    (default 480, about ARCD's median context), keeping the questions whose answer is in
 *    them: what a set would keep from contexts as short as another's.
 * 4. The questions: content words, and how many share no content word with the context.
 * 5. The misses at `standard` and `ultra`, by where the answer's units stood in the
 *    engine's explanation (`explain: true`): too large for the budget, across a unit border
 *    (one of its units kept or none), or in one unit that had no query score, ranked near
 *    the cut (within twice as many units as were kept) or lower.
 */

import { compressContext, engineUnits } from '../packages/local/src/engine/compress-context.ts';
import { LEVEL_RATIOS } from '../packages/local/src/engine/targets.ts';
import { isStopWord, termsOf } from '../packages/local/src/engine/terms.ts';
import { countTokens } from '../packages/local/src/engine/tokenizer.ts';
import { answerUnits } from './quality/answer-units.ts';
import { retentionRates } from './quality/length-mix.ts';
import { retains } from './quality/retention.ts';
import { loadSets, type QualitySet } from './quality/sets.ts';
import type { SuiteExample } from './quality/suite-example.ts';
import { formatTable } from './support/table.ts';

const LEVELS = ['low', 'standard', 'ultra'] as const;
const MISS_CLASSES = [
  'larger than the budget',
  'across a border, part kept',
  'across a border, none kept',
  'one unit, no query score',
  'one unit, near the cut',
  'one unit, ranked lower',
] as const;
/** Answer lengths in tokens: 1-3, 4-6, 7-12, 13 and more. */
const BUCKETS: readonly [number, number][] = [
  [1, 3],
  [4, 6],
  [7, 12],
  [13, Number.POSITIVE_INFINITY],
];

const at = process.argv.indexOf('--cut');
const cut = at < 0 ? 480 : Number(process.argv[at + 1]);
if (!Number.isInteger(cut) || cut < 1) throw new Error('--cut must be a positive integer');

function quantile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

function bucketOf(answer: string): number {
  const tokens = countTokens(answer);
  return BUCKETS.findIndex(([low, high]) => tokens >= low && tokens <= high);
}

const short = (set: QualitySet) => set.name.replace(', article paragraphs', '');

function dataRow(set: QualitySet): string[] {
  const answers: number[] = [];
  const contexts: number[] = [];
  const unitTokens: number[] = [];
  const budgets: number[] = [];
  let crossing = 0;
  let found = 0;
  const seen = new Map<string, ReturnType<typeof engineUnits>>();
  for (const example of set.examples) {
    const text = example.context as string;
    const answer = example.answers![0]!;
    answers.push(countTokens(answer));
    let units = seen.get(text);
    if (!units) {
      units = engineUnits(text, []);
      seen.set(text, units);
      for (let unit = 0; unit < units.segmentation.units.length; unit++) {
        const { start, end } = units.segmentation.units[unit]!;
        if (/\S/.test(text.slice(start, end))) unitTokens.push(units.tokens[unit]!);
      }
    }
    contexts.push(units.inputTokens);
    budgets.push(Math.floor(units.inputTokens / LEVEL_RATIOS.ultra));
    const from = text.toLowerCase().indexOf(answer.toLowerCase());
    if (from < 0) continue;
    found++;
    const to = from + answer.length;
    const touched = units.segmentation.units.filter((unit) => unit.end > from && unit.start < to);
    if (touched.length > 1) crossing++;
  }
  const mean = answers.reduce((sum, value) => sum + value, 0) / answers.length;
  return [
    short(set),
    String(set.examples.length),
    `${quantile(answers, 0.5)} / ${mean.toFixed(1)} / ${quantile(answers, 0.9)}`,
    String(quantile(contexts, 0.5)),
    String(quantile(unitTokens, 0.5)),
    String(quantile(budgets, 0.5)),
    `${((100 * crossing) / Math.max(1, found)).toFixed(1)}%`,
  ];
}

interface ByLength {
  count: number[];
  kept: number[][];
}

function retentionByLength(examples: readonly SuiteExample[]): ByLength {
  const count = BUCKETS.map(() => 0);
  const kept = LEVELS.map(() => BUCKETS.map(() => 0));
  for (const example of examples) {
    const bucket = bucketOf(example.answers![0]!);
    count[bucket]!++;
    LEVELS.forEach((level, row) => {
      const { compressed } = compressContext({
        context: example.context,
        level,
        query: example.query,
      });
      if (retains(compressed, example)) kept[row]![bucket]!++;
    });
  }
  return { count, kept };
}

/** Raw retention at each level, and retention with `mix`'s shares of answer lengths. */
function summary({ count, kept }: ByLength, mix: readonly number[]): [string, string] {
  const raw = retentionRates(count, kept);
  const weighted = retentionRates(count, kept, mix);
  const show = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
  return [show(raw), show(weighted)];
}

/** Each context cut to its opening paragraphs up to `tokens`; questions answered in them. */
function cutContexts(examples: readonly SuiteExample[], tokens: number): SuiteExample[] {
  const cuts = new Map<string, string>();
  const kept: SuiteExample[] = [];
  for (const example of examples) {
    const text = example.context as string;
    let context = cuts.get(text);
    if (context === undefined) {
      const paragraphs: string[] = [];
      let used = 0;
      for (const paragraph of text.split('\n\n')) {
        if (used >= tokens) break;
        paragraphs.push(paragraph);
        used += countTokens(paragraph) + 1;
      }
      context = paragraphs.join('\n\n');
      cuts.set(text, context);
    }
    if (!context.toLowerCase().includes(example.answers![0]!.toLowerCase())) continue;
    kept.push({ ...example, context });
  }
  return kept;
}

function questionRow(set: QualitySet): string[] {
  const words: number[] = [];
  let none = 0;
  let one = 0;
  let absent = 0;
  for (const example of set.examples) {
    const context = new Set(termsOf(example.context as string));
    const content = termsOf(example.query).filter((term) => !isStopWord(term));
    words.push(content.length);
    const shared = content.filter((term) => context.has(term)).length;
    absent += content.length - shared;
    if (shared === 0) none++;
    else if (shared === 1) one++;
  }
  const total = words.reduce((sum, value) => sum + value, 0);
  const share = (count: number, of = set.examples.length) =>
    `${((100 * count) / Math.max(1, of)).toFixed(1)}%`;
  return [short(set), String(quantile(words, 0.5)), share(absent, total), share(none), share(one)];
}

const sets = loadSets('dev').filter((set) => set.name.endsWith('article paragraphs'));
const english = sets.find((set) => set.name.startsWith('XQuAD en'));
if (!english) throw new Error('XQuAD en is missing from the dev sets');

console.log(
  formatTable({
    title: 'The data (dev): answer, context and unit lengths in o200k tokens',
    columns: [
      'set',
      'questions',
      'answer median / mean / 90th',
      'context median',
      'unit median',
      'ultra budget median',
      'answers across a unit border',
    ],
    rows: sets.map(dataRow),
  }),
);
console.log('');

const englishByLength = retentionByLength(english.examples);
const rows: string[][] = [];
for (const set of sets) {
  const byLength = set === english ? englishByLength : retentionByLength(set.examples);
  rows.push([short(set), byLength.count.join(' / '), ...summary(byLength, englishByLength.count)]);
}
console.log(
  formatTable({
    title:
      "Engine retention (dev), 2x / 4x / 10x: as measured, and reweighted to XQuAD en's answer lengths",
    columns: ['set', 'answers of 1-3 / 4-6 / 7-12 / 13+ tokens', 'measured', 'reweighted'],
    rows,
  }),
);
console.log('');

const cutRows: string[][] = [];
const englishCut = retentionByLength(cutContexts(english.examples, cut));
for (const set of sets) {
  const examples = cutContexts(set.examples, cut);
  const byLength = set === english ? englishCut : retentionByLength(examples);
  const contexts = [...new Set(examples.map((example) => example.context as string))];
  cutRows.push([
    short(set),
    String(examples.length),
    String(quantile(contexts.map(countTokens), 0.5)),
    ...summary(byLength, englishByLength.count),
  ]);
}
console.log(
  formatTable({
    title: `Contexts cut to their opening paragraphs up to ${cut} tokens (dev), 2x / 4x / 10x`,
    columns: ['set', 'questions', 'context median', 'measured', "reweighted to XQuAD en's answers"],
    rows: cutRows,
  }),
);
console.log('');

console.log(
  formatTable({
    title:
      'Questions (dev): content words (after stop words), and those sharing few with the context',
    columns: [
      'set',
      'content words median',
      'content words not in the context',
      'no content word in context',
      'one',
    ],
    rows: sets.map(questionRow),
  }),
);

/** The class of a miss, from the explanation of the units that hold the answer. */
function missClass(example: SuiteExample, level: 'standard' | 'ultra'): number {
  const { explanation, units, rank, touched } = answerUnits(example, level, example.answers![0]!);
  if (touched.length === 0) return -1;
  const tokens = touched.reduce((sum, unit) => sum + unit.tokens, 0);
  if (tokens > explanation!.budget) return 0;
  if (touched.length > 1) return touched.some((unit) => unit.kept) ? 1 : 2;
  const query = units.map((unit) => unit.signals.query ?? 0);
  const [low, high] = [Math.min(...query), Math.max(...query)];
  const unit = touched[0]!;
  if ((unit.signals.query ?? 0) - low < 0.05 * (high - low)) return 3;
  const kept = units.filter((each) => each.kept).length;
  return rank.get(unit)! <= 2 * kept ? 4 : 5;
}

const missRows: string[][] = [];
for (const set of sets) {
  for (const level of ['standard', 'ultra'] as const) {
    const counts = MISS_CLASSES.map(() => 0);
    let misses = 0;
    for (const example of set.examples) {
      const { compressed } = compressContext({
        context: example.context,
        level,
        query: example.query,
      });
      if (retains(compressed, example)) continue;
      misses++;
      const kind = missClass(example, level);
      if (kind >= 0) counts[kind]!++;
    }
    missRows.push([short(set), level, String(misses), ...counts.map(String)]);
  }
}
console.log('');
console.log(
  formatTable({
    title: "Misses (dev) by where the answer's units stood",
    columns: ['set', 'level', 'misses', ...MISS_CLASSES],
    rows: missRows,
  }),
);
