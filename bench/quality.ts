/**
 * Answer retention of the local engine on multi-document question answering, beside
 * two baselines on the same token budget. Run: `pnpm bench:quality [--limit N]`.
 *
 * For each example the context is its 20 passages (`Document [i] (Title: ...) text`,
 * one a line) and the query is the question. Retention is the share of examples whose
 * gold passage holds an answer string and whose compressed context still does. The
 * ratio is measured: exact input tokens over exact output tokens, per example (mean
 * and lowest) and over the whole set (total). Baselines get the engine's budget,
 * `floor(inputTokens / targetRatio)`, which is never less than what the engine used:
 * truncation keeps the first tokens; BM25 passages keeps whole passages by BM25 rank
 * (text only, stop at the first that does not fit); BM25 + titles also indexes titles,
 * drops stop words and skips a passage that does not fit for a later one that does.
 * The run stops if any reported `compressedTokens` differs from a fresh count.
 */
import { compressWithTuning } from '../packages/local/src/engine/compress-context.ts';
import { LEVEL_RATIOS } from '../packages/local/src/engine/targets.ts';
import { countTokens } from '../packages/local/src/engine/tokenizer.ts';
import { DEFAULT_TUNING } from '../packages/local/src/engine/tuning.ts';
import { selectPassages, truncate } from './quality/baselines.ts';
import { contextOf, holdsAnswer, loadExamples } from './quality/examples.ts';

function limitArgument(): number {
  const at = process.argv.indexOf('--limit');
  if (at < 0) return Number.POSITIVE_INFINITY;
  const limit = Number(process.argv[at + 1]);
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a positive integer');
  return limit;
}

const examples = loadExamples(limitArgument()).filter((example) =>
  holdsAnswer(example.documents[example.goldIndex]!.text, example.answers),
);

const percent = (count: number) => `${((100 * count) / examples.length).toFixed(1)}%`;
const rows: string[][] = [];
for (const level of ['low', 'standard', 'ultra'] as const) {
  let kept = 0;
  let truncated = 0;
  let plain = 0;
  let titled = 0;
  let inputTotal = 0;
  let outputTotal = 0;
  let ratioSum = 0;
  let ratioMin = Number.POSITIVE_INFINITY;
  let milliseconds = 0;
  for (const example of examples) {
    const context = contextOf(example);
    const started = performance.now();
    const result = compressWithTuning({ context, query: example.question, level }, DEFAULT_TUNING);
    milliseconds += performance.now() - started;
    const budget = Math.floor(result.inputTokens / result.targetRatio);
    inputTotal += result.inputTokens;
    outputTotal += result.compressedTokens;
    ratioSum += result.inputTokens / result.compressedTokens;
    ratioMin = Math.min(ratioMin, result.inputTokens / result.compressedTokens);
    if (result.compressedTokens !== countTokens(result.compressed)) {
      throw new Error(`${example.id}: compressedTokens is not the count of the text returned`);
    }
    if (holdsAnswer(result.compressed, example.answers)) kept++;
    if (holdsAnswer(truncate(context, budget), example.answers)) truncated++;
    if (holdsAnswer(selectPassages(example, budget, 'plain'), example.answers)) plain++;
    if (holdsAnswer(selectPassages(example, budget, 'titled'), example.answers)) titled++;
  }
  rows.push([
    level,
    `${LEVEL_RATIOS[level]}x`,
    `${(ratioSum / examples.length).toFixed(2)}x`,
    `${(inputTotal / outputTotal).toFixed(2)}x`,
    `${ratioMin.toFixed(2)}x`,
    percent(kept),
    percent(truncated),
    percent(plain),
    percent(titled),
    `${(milliseconds / examples.length).toFixed(2)} ms`,
  ]);
}

const header = [
  'level',
  'target',
  'ratio (mean)',
  'ratio (total)',
  'ratio (min)',
  'engine',
  'truncation',
  'BM25 passages',
  'BM25 + titles',
  'engine time/example',
];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]!.length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(`answer retention on ${examples.length} examples (gold passage holds an answer)\n`);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
