/**
 * Compression quality of the local engine on several data sets, beside three baselines
 * on the same token budget. Run: `pnpm bench:quality [--split test|dev|all] [--limit N]
 * [--set <name part>] [--embeddings DIR]`. The default is the held-out `test` part of every
 * set; `--embeddings` scores conversations by meaning too (quality/precomputed-embeddings.ts).
 *
 * For each set and level, retention is the share of examples whose compressed context
 * still holds what the question needs (see quality/sets.ts for each set's measure).
 * The ratio is measured: exact input tokens over exact output tokens, per example
 * (mean and lowest) and over the whole set (total). The baselines get the engine's
 * budget, `floor(inputTokens / targetRatio)`, which is never less than what the engine
 * used: truncation keeps the first tokens, random keeps whole units in a random order
 * fixed by the example's id, BM25 keeps whole units by rank against the question (none
 * for a query-free set: it has no question to rank by). The run stops if any reported
 * `compressedTokens` differs from a fresh count.
 *
 * `--ablation` prints instead, for each set, the change in the engine's retention (in
 * points) when each signal is switched off in turn (quality/ablation-variants.ts),
 * against the full engine measured in the same run; `--limit` defaults to 50 there, and `--signal a,b` measures only
 * the signals whose names hold one of those parts.
 */

import { parseArgs } from 'node:util';
import { compressWithTuning } from '../packages/local/src/engine/compress-context.ts';
import { LEVEL_RATIOS } from '../packages/local/src/engine/targets.ts';
import { countTokens } from '../packages/local/src/engine/tokenizer.ts';
import { DEFAULT_TUNING, type ScoringTuning } from '../packages/local/src/engine/tuning.ts';
import { ABLATIONS, type Ablation, withAblation } from './quality/ablation-variants.ts';
import { bm25Units, contextText, randomUnits, truncate } from './quality/baselines.ts';
import { loadEmbeddings, similarityOption } from './quality/precomputed-embeddings.ts';
import { isValidJson, retains } from './quality/retention.ts';
import { loadSets, type QualitySet } from './quality/sets.ts';
import type { SuiteExample } from './quality/suite-example.ts';
import { formatTable } from './support/table.ts';

const USAGE = `Usage: pnpm bench:quality [--split test|dev|all] [--limit N] [--set <name part>]
       [--embeddings DIR] [--ablation [--signal a,b]] [--help]
The default split is the held-out test part of every set.`;

/**
 * The options, strictly: a flag this script does not know stops it before any set is read,
 * so a mistyped option (or a `--help` it did not know) never runs the held-out default.
 */
function readOptions() {
  try {
    return parseArgs({
      options: {
        split: { type: 'string' },
        limit: { type: 'string' },
        set: { type: 'string' },
        embeddings: { type: 'string' },
        signal: { type: 'string' },
        ablation: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const options = readOptions();
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

const ablation = options.ablation === true;

function limitArgument(): number {
  const value = options.limit;
  if (value === undefined) return ablation ? ABLATION_LIMIT : Number.POSITIVE_INFINITY;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a positive integer');
  return limit;
}

/** The first examples of each set an ablation run measures: an engine per ablation (21) runs on every set. */
const ABLATION_LIMIT = 50;

const split = (options.split ?? 'test') as SuiteExample['split'] | 'all';
if (!['test', 'dev', 'all'].includes(split)) throw new Error('--split must be test, dev or all');
const limit = limitArgument();
const only = options.set?.toLowerCase();
// Sentence embeddings of the conversation sets (quality/use-lite-embeddings.mjs writes
// them): each conversation with a question is compressed with the similarity option
// `LocalContextOptimizer`'s `embed` computes.
const embeddingsFolder = options.embeddings;
const embeddings = embeddingsFolder ? loadEmbeddings(embeddingsFolder) : undefined;
/** `--signal a,b`: only the ablations whose names hold one of these parts. */
const signals = options.signal?.toLowerCase().split(',');
const ablations = ABLATIONS.filter(
  (variant) => !signals || signals.some((part) => variant.name.toLowerCase().includes(part)),
);

interface Tally {
  kept: number;
  truncated: number;
  random: number;
  bm25: number;
  valid: number;
  inputTotal: number;
  outputTotal: number;
  ratioSum: number;
  ratioMin: number;
  milliseconds: number;
  compressions: number;
}

type Level = 'low' | 'standard' | 'ultra';

/** How many examples the engine keeps what the question needs for, with this tuning. */
function engineKept(set: QualitySet, level: Level, tuning: ScoringTuning): number {
  const shared = new Map<string, string>();
  let kept = 0;
  for (const example of set.examples.slice(0, limit)) {
    const key = set.queryFree ? (example.conversation ?? example.id) : example.id;
    let compressed = shared.get(key);
    if (compressed === undefined) {
      compressed = compressWithTuning(
        { context: example.context, level, ...(set.queryFree ? {} : { query: example.query }) },
        tuning,
      ).compressed;
      shared.set(key, compressed);
    }
    if (retains(compressed, example)) kept++;
  }
  return kept;
}

function runAblation(): void {
  const levels = ['low', 'standard', 'ultra'] as const;
  const sets = loadSets(split).filter((set) => !only || set.name.toLowerCase().includes(only));
  // earned[signal]: the sets on which switching it off costs at least a point at some level.
  const earned = new Map<string, string[]>();
  for (const set of sets) {
    const count = Math.min(limit, set.examples.length);
    const percent = (kept: number) => (100 * kept) / Math.max(1, count);
    const full = levels.map((level) => percent(engineKept(set, level, DEFAULT_TUNING)));
    const rows: string[][] = [['full engine', ...full.map((value) => `${value.toFixed(1)}%`)]];
    for (const variant of ablations) {
      const deltas = levels.map((level, at) =>
        withAblation(variant, (tuning) => percent(engineKept(set, level, tuning)) - full[at]!),
      );
      if (deltas.some((delta) => delta <= -1)) {
        earned.set(variant.name, [...(earned.get(variant.name) ?? []), set.name]);
      }
      rows.push([variant.name, ...deltas.map(signedPoints)]);
    }
    console.log(
      formatTable({
        title: `${set.name}: ${set.measure}, first ${count} examples (${split}), points against the full engine`,
        columns: ['signal off', 'low', 'standard', 'ultra'],
        rows,
      }),
    );
    console.log('');
  }
  console.log(
    formatTable({
      title: 'sets on which each signal earns a point or more (at some level)',
      columns: ['signal', 'sets', 'which'],
      rows: ablations.map((variant: Ablation) => {
        const on = earned.get(variant.name) ?? [];
        return [variant.name, String(on.length), on.join('; ') || '-'];
      }),
    }),
  );
}

function signedPoints(delta: number): string {
  if (Math.abs(delta) < 0.05) return '0';
  return `${delta > 0 ? '+' : ''}${delta.toFixed(1)}`;
}

function measure(set: QualitySet, level: Level): string[] {
  const examples = set.examples.slice(0, limit);
  const tally: Tally = {
    kept: 0,
    truncated: 0,
    random: 0,
    bm25: 0,
    valid: 0,
    inputTotal: 0,
    outputTotal: 0,
    ratioSum: 0,
    ratioMin: Number.POSITIVE_INFINITY,
    milliseconds: 0,
    compressions: 0,
  };
  // A query-free set compresses each conversation once, whatever is asked about it later.
  const shared = new Map<string, { compressed: string; budget: number }>();
  for (const example of examples) {
    const key = set.queryFree ? (example.conversation ?? example.id) : example.id;
    let outcome = shared.get(key);
    if (!outcome) {
      const params = {
        context: example.context,
        level,
        ...(set.queryFree ? {} : { query: example.query }),
      };
      const started = performance.now();
      const result = compressWithTuning(
        params,
        DEFAULT_TUNING,
        similarityOption(embeddings, params),
      );
      tally.milliseconds += performance.now() - started;
      if (result.compressedTokens !== countTokens(result.compressed)) {
        throw new Error(`${example.id}: compressedTokens is not the count of the text returned`);
      }
      tally.compressions++;
      tally.inputTotal += result.inputTokens;
      tally.outputTotal += result.compressedTokens;
      const ratio = result.inputTokens / Math.max(1, result.compressedTokens);
      tally.ratioSum += ratio;
      tally.ratioMin = Math.min(tally.ratioMin, ratio);
      outcome = {
        compressed: result.compressed,
        budget: Math.floor(result.inputTokens / result.targetRatio),
      };
      shared.set(key, outcome);
      if (example.json && isValidJson(result.compressed)) tally.valid++;
    }
    if (retains(outcome.compressed, example)) tally.kept++;
    if (retains(truncate(contextText(example), outcome.budget), example)) tally.truncated++;
    if (retains(randomUnits(example, outcome.budget), example)) tally.random++;
    if (!set.queryFree && retains(bm25Units(example, outcome.budget), example)) tally.bm25++;
  }
  const percent = (count: number, of = examples.length) =>
    of === 0 ? '-' : `${((100 * count) / of).toFixed(1)}%`;
  return [
    level,
    `${LEVEL_RATIOS[level]}x`,
    `${(tally.ratioSum / Math.max(1, tally.compressions)).toFixed(2)}x`,
    `${(tally.inputTotal / Math.max(1, tally.outputTotal)).toFixed(2)}x`,
    `${tally.ratioMin.toFixed(2)}x`,
    percent(tally.kept),
    percent(tally.truncated),
    percent(tally.random),
    set.queryFree ? '-' : percent(tally.bm25),
    examples.some((example) => example.json) ? percent(tally.valid, tally.compressions) : '-',
    `${(tally.milliseconds / Math.max(1, tally.compressions)).toFixed(2)} ms`,
  ];
}

const columns = [
  'level',
  'target',
  'ratio (mean)',
  'ratio (total)',
  'ratio (min)',
  'engine',
  'truncation',
  'random',
  'BM25',
  'valid JSON',
  'engine time',
];

if (ablation) runAblation();
else
  for (const set of loadSets(split)) {
    if (only && !set.name.toLowerCase().includes(only)) continue;
    const count = Math.min(limit, set.examples.length);
    const rows = (['low', 'standard', 'ultra'] as const).map((level) => measure(set, level));
    console.log(
      formatTable({
        title: `${set.name}: ${set.measure}, ${count} examples (${split})`,
        columns,
        rows,
      }),
    );
    console.log('');
  }
