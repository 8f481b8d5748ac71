/**
 * The ceiling of extractive selection on the large multi-hop set: at each level, the
 * share of dev questions for which SOME selection of the engine's own units (as the
 * `explain` option lists them) that holds the answer and one unit of each supporting
 * passage fits the level's budget, beside the engine's retention. With the supporting
 * sentences the data gives (2WikiMultihopQA's supporting facts), a second ceiling asks for
 * every unit of each supporting sentence instead of any unit of its passage. Run:
 *
 *   node --conditions=@ctxopt/source bench/quality/multihop-ceiling.ts [--limit N]
 *
 * Only the dev part is read. The answer is found as retention finds it (any occurrence,
 * case-insensitively); the units it overlaps are all taken, and count for their passage.
 * The engine's misses are classed by what its output holds of the supporting passages
 * (`missClass`).
 */

import { assembleOutput } from '../../packages/local/src/engine/assemble-output.ts';
import { compressWithTuning } from '../../packages/local/src/engine/compress-context.ts';
import type { UnitExplanation } from '../../packages/local/src/engine/explain.ts';
import type { Unit } from '../../packages/local/src/engine/segment.ts';
import { DEFAULT_TUNING } from '../../packages/local/src/engine/tuning.ts';
import { formatTable } from '../support/table.ts';
import { inTitleLineLayout } from './build-multihop-sets.ts';
import { argument, LEVELS, share } from './dev-scripts.ts';
import { retains } from './retention.ts';
import { readBuiltSet } from './sets.ts';
import type { SuiteExample } from './suite-example.ts';

/** Character spans of the passages of a context joined by `separator`. */
export function passageSpans(context: string, separator: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (const piece of context.split(separator)) {
    spans.push([start, start + piece.length]);
    start += piece.length + separator.length;
  }
  return spans;
}

/** Units overlapping `[start, end)`, in order. */
function unitsOver(units: readonly UnitExplanation[], start: number, end: number): number[] {
  const found: number[] = [];
  units.forEach((unit, at) => {
    if (unit.start < end && unit.end > start) found.push(at);
  });
  return found;
}

const passageOf = (spans: ReadonlyArray<[number, number]>, offset: number) =>
  spans.findIndex(([start, end]) => offset >= start && offset < end);

/** A unit worth keeping for its passage: words of its text, not its title or a frame. */
const isContent = (unit: UnitExplanation) =>
  unit.kind !== 'heading' && unit.kind !== 'frame' && /\S/.test(unit.text);

/** Every occurrence of an answer, as retention finds it (case-insensitively). */
function answerSpans(text: string, answers: readonly string[]): Array<[number, number]> {
  const lower = text.toLowerCase();
  // Lower-casing that changes a text's length would shift the offsets: search as written.
  const haystack = lower.length === text.length ? lower : text;
  const spans: Array<[number, number]> = [];
  for (const answer of answers) {
    const needle = haystack === lower ? answer.toLowerCase() : answer;
    if (needle.length === 0) continue;
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      spans.push([at, at + needle.length]);
    }
  }
  return spans;
}

export interface CeilingInput {
  text: string;
  units: readonly UnitExplanation[];
  answers: readonly string[];
  /** Character spans of the context's passages. */
  passages: ReadonlyArray<[number, number]>;
  /** Indexes of the supporting passages. */
  supporting: readonly number[];
  /** Supporting sentences: passage index and text. When given, each is needed whole. */
  sentences?: ReadonlyArray<readonly [number, string]>;
}

/**
 * The cheapest selection (fewest tokens, units counted apart) of whole units holding an
 * answer and one unit of each supporting passage, or, given `sentences`, every unit of
 * each supporting sentence: the unit indexes, or undefined when no answer is in the text.
 */
export function cheapestSelection(input: CeilingInput): number[] | undefined {
  const { text, units, passages } = input;
  const required = new Set<number>();
  if (input.sentences) {
    for (const [passage, sentence] of input.sentences) {
      const [start, end] = passages[passage]!;
      const at = text.slice(start, end).indexOf(sentence);
      if (at < 0) throw new Error(`supporting sentence not in passage ${passage}: ${sentence}`);
      for (const unit of unitsOver(units, start + at, start + at + sentence.length))
        required.add(unit);
    }
  }
  // The cheapest content unit of each passage.
  const cheapest = passages.map(([start, end]) => {
    let best = -1;
    for (const unit of unitsOver(units, start, end)) {
      if (!isContent(units[unit]!) || units[unit]!.start < start) continue;
      if (best < 0 || units[unit]!.tokens < units[best]!.tokens) best = unit;
    }
    return best;
  });
  let chosen: number[] | undefined;
  let chosenCost = Number.POSITIVE_INFINITY;
  for (const [start, end] of answerSpans(text, input.answers)) {
    const selection = new Set([...required, ...unitsOver(units, start, end)]);
    if (!input.sentences) {
      const covered = new Set(
        [...selection].map((unit) => passageOf(passages, units[unit]!.start)),
      );
      for (const passage of input.supporting) {
        if (!covered.has(passage) && cheapest[passage]! >= 0) selection.add(cheapest[passage]!);
      }
    }
    let cost = 0;
    for (const unit of selection) cost += units[unit]!.tokens;
    if (cost < chosenCost) {
      chosenCost = cost;
      chosen = [...selection].sort((a, b) => a - b);
    }
  }
  return chosen;
}

/** The exact tokens of the selection joined as the engine joins its output. */
export function joinedTokens(text: string, units: readonly UnitExplanation[], chosen: number[]) {
  const kept = new Uint8Array(units.length);
  for (const unit of chosen) kept[unit] = 1;
  const tokens = Int32Array.from(units, (unit) => unit.tokens);
  return assembleOutput(text, units as unknown as Unit[], tokens, kept).tokens;
}

/**
 * What a missed question's output holds of its supporting passages: none of them; one
 * (the first hop's) but nothing of the passage that states the answer; or that passage,
 * but not the unit holding the answer.
 */
export type MissClass = 'neither' | 'first hop only' | 'answer passage, not the answer';
export const MISS_CLASSES: readonly MissClass[] = [
  'neither',
  'first hop only',
  'answer passage, not the answer',
];

export function missClass(input: Omit<CeilingInput, 'sentences'>): MissClass {
  const { text, units, passages, supporting } = input;
  const answers = input.answers.map((answer) => answer.toLowerCase());
  const stating = supporting.filter((passage) => {
    const [start, end] = passages[passage]!;
    const lower = text.slice(start, end).toLowerCase();
    return answers.some((answer) => lower.includes(answer));
  });
  const kept = new Set(
    units
      .filter((unit) => unit.kept && isContent(unit))
      .map((unit) => passageOf(passages, unit.start)),
  );
  if (stating.some((passage) => kept.has(passage))) return 'answer passage, not the answer';
  return supporting.some((passage) => kept.has(passage)) ? 'first hop only' : 'neither';
}

interface Row {
  examples: number;
  engine: number;
  misses: Record<MissClass, number>;
  passages: number;
  /** Examples with supporting sentences, and those whose sentence ceiling fits. */
  withSentences: number;
  sentences: number;
}

const emptyRow = (): Row => ({
  examples: 0,
  engine: 0,
  misses: { neither: 0, 'first hop only': 0, 'answer passage, not the answer': 0 },
  passages: 0,
  withSentences: 0,
  sentences: 0,
});

function main(): void {
  const limit = Number(argument('--limit') ?? Number.POSITIVE_INFINITY);
  // A limit that is no count would read no question and print an empty table.
  if (!(limit > 0) || (limit !== Number.POSITIVE_INFINITY && !Number.isInteger(limit))) {
    throw new Error('--limit must be a positive integer (questions of the dev split)');
  }
  const dev = readBuiltSet('multihop-wiki')
    .filter((example) => example.split === 'dev')
    .slice(0, limit);
  const layouts: Array<[string, SuiteExample[]]> = [
    ['Document [i] (Title: t) text', dev],
    ['title line, text', dev.map(inTitleLineLayout)],
  ];
  const rows: Array<Array<string>> = [];
  for (const [layout, examples] of layouts) {
    for (const [level, label] of LEVELS) {
      const bySource = new Map<string, Row>();
      const twoPassageRow = emptyRow();
      for (const example of examples) {
        const source = example.id.startsWith('musique') ? 'MuSiQue' : '2WikiMultihopQA';
        const row = bySource.get(source) ?? emptyRow();
        bySource.set(source, row);
        // The goal's kind: questions over two passages (MuSiQue's 3 and 4 hops read more).
        const twoPassages = example.supportingPassages?.length === 2 ? twoPassageRow : undefined;
        const text = example.context as string;
        const result = compressWithTuning(
          { context: text, level, query: example.query },
          DEFAULT_TUNING,
          { explain: true },
        );
        row.examples++;
        if (twoPassages) twoPassages.examples++;
        const explanation = result.explanation!;
        const input = {
          text,
          units: explanation.units,
          answers: example.answers ?? [],
          passages: passageSpans(text, example.unitSeparator!),
          supporting: example.supportingPassages ?? [],
        };
        if (retains(result.compressed, example)) {
          row.engine++;
          if (twoPassages) twoPassages.engine++;
        } else {
          const miss = missClass(input);
          row.misses[miss]++;
          if (twoPassages) twoPassages.misses[miss]++;
        }
        const fits = (sentences?: CeilingInput['sentences']) => {
          if (explanation.strategy === 'whole') return true;
          const chosen = cheapestSelection({ ...input, ...(sentences ? { sentences } : {}) });
          return (
            chosen !== undefined &&
            joinedTokens(text, explanation.units, chosen) <= explanation.budget
          );
        };
        const fitsPassages = fits();
        if (fitsPassages) row.passages++;
        if (fitsPassages && twoPassages) twoPassages.passages++;
        if (example.supportingSentences) {
          const fitsSentences = fits(example.supportingSentences);
          row.withSentences++;
          if (fitsSentences) row.sentences++;
          if (twoPassages) {
            twoPassages.withSentences++;
            if (fitsSentences) twoPassages.sentences++;
          }
        }
      }
      const total = emptyRow();
      for (const [source, row] of [...bySource].sort()) {
        total.examples += row.examples;
        total.engine += row.engine;
        total.passages += row.passages;
        total.withSentences += row.withSentences;
        total.sentences += row.sentences;
        for (const name of MISS_CLASSES) total.misses[name] += row.misses[name];
        rows.push(rowCells(layout, label, source, row));
      }
      rows.push(rowCells(layout, label, 'both', total));
      rows.push(rowCells(layout, label, 'both, two supporting passages', twoPassageRow));
    }
  }
  console.log(
    formatTable({
      title: `multi-hop large, dev (${dev.length}): the engine and the ceiling of whole-unit selection`,
      columns: [
        'layout',
        'level',
        'source',
        'questions',
        'engine',
        'ceiling: a unit of each supporting passage',
        'ceiling: each supporting sentence whole',
        ...MISS_CLASSES.map((name) => `misses: ${name}`),
      ],
      rows,
    }),
  );
}

function rowCells(layout: string, level: string, source: string, row: Row): string[] {
  return [
    layout,
    level,
    source,
    String(row.examples),
    share(row.engine, row.examples),
    share(row.passages, row.examples),
    share(row.sentences, row.withSentences),
    ...MISS_CLASSES.map((name) => String(row.misses[name])),
  ];
}

if (import.meta.main) main();
