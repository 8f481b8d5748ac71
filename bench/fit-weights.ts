/**
 * Fits the weights of the engine's query scorer on the development split of the document
 * sets, and writes them to bench/fit/fitted-weights.ts. The engine does not read them: on
 * the whole dev split they lost on NQ at 10x (bench/README.md, "A fitted scorer, measured
 * and not kept"). Run: `pnpm bench:fit` (writes the file), `pnpm bench:fit --check` (fails
 * when the file is not what the fit writes; the date line aside), `--print` (prints it,
 * writes nothing). Takes a few minutes. Three variants, for measuring: `--hard` (half of
 * each example's negatives are the best-scored units that hold no answer), `--across` (the
 * negatives only units of passages without an answer unit) and `--listwise` (fitLists of
 * fit/listwise-softmax.ts instead of pairs).
 *
 * A unit's first-pass score is a sum of parts (engine/unit-features.ts): its own BM25, its
 * proximity, its best neighbour's own score, its section's BM25 and its title's, each
 * scaled to its maximum in the context, and the bridge pass adds a part sized by the
 * spread of the first pass. Their weights were set by hand one after another; here one
 * pairwise logistic regression fits them together: within each example, every unit that
 * holds an answer string should outrank every unit that does not. Examples are weighted so
 * that every set counts the same, whatever its size. Sets: NQ in six layouts and two chat
 * prompts (the same questions, augmented across layouts), the two-hop and multi-hop sets
 * in two layouts, and the article sets in nine languages, dev split only; every fifth
 * example of a set is held out of the fit and reports the validation figures.
 *
 * Three parts depend on the weights themselves (the neighbour part reads the proximity
 * weight, the section shares rank units by their own score, the bridge's sources and
 * spread come from the first pass): the fit runs in rounds, from weights of 1, each round
 * collecting the parts with the weights of the round before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { passageIds } from '../packages/local/src/engine/bridge-terms.ts';
import { compressWithTuning } from '../packages/local/src/engine/compress-context.ts';
import { renderContext } from '../packages/local/src/engine/render-context.ts';
import { DEFAULT_TUNING, type ScoringTuning } from '../packages/local/src/engine/tuning.ts';
import {
  FEATURE_NAMES,
  featureSink,
  type UnitFeatures,
} from '../packages/local/src/engine/unit-features.ts';
import { isCompanionKind } from '../packages/local/src/engine/unit-kind.ts';
import { dot } from './fit/linear-algebra.ts';
import { fitLists, type RankedList } from './fit/listwise-softmax.ts';
import { fitPairs, type Pair } from './fit/pairwise-logistic.ts';
import { loadSets } from './quality/sets.ts';
import type { SuiteExample } from './quality/suite-example.ts';
import { seededRandom } from './support/seeded-random.ts';

export const FITTED_FILE = new URL('fit/fitted-weights.ts', import.meta.url);

/** The weights the fit sets: every part but the unit's own BM25, whose weight is 1. */
export interface FittedWeights {
  proximity: number;
  neighbour: number;
  section: number;
  title: number;
  bridge: number;
}

const FITTED = ['proximity', 'neighbour', 'section', 'title', 'bridge'] as const;

/** The sets of the fit: documents with a query, answers as strings (not conversations, code or JSON). */
function fitSets(): { name: string; examples: SuiteExample[] }[] {
  return loadSets('dev').filter(
    (set) =>
      !set.queryFree &&
      // The same contexts as the `Document [i]` layout.
      set.name !== 'NQ multi-document' &&
      // A JSON context is compressed as JSON (compress-json.ts): no unit scores.
      !set.name.endsWith('JSON array') &&
      set.examples.every((example) => (example.answers?.length ?? 0) > 0),
  );
}

/** One example's rankable units: their parts (units × parts) and whether each holds an answer. */
interface Ranked {
  /** Unit `u`'s parts at `[u * parts, (u + 1) * parts)`. */
  features: Float64Array;
  labels: Uint8Array;
  /** Each unit's passage (a paragraph of one section, bridge-terms.ts). */
  passages: Int32Array;
}

const PARTS = FEATURE_NAMES.length;
const partsOf = (ranked: Ranked, unit: number) =>
  ranked.features.subarray(unit * PARTS, (unit + 1) * PARTS);

function tuningOf(weights: FittedWeights): ScoringTuning {
  return {
    ...DEFAULT_TUNING,
    proximityWeight: weights.proximity,
    neighborWeight: weights.neighbour,
    sectionWeight: weights.section,
    titleWeight: weights.title,
    bridgeWeight: weights.bridge,
  };
}

/** The parts of every rankable unit of an example, scored with `tuning`; undefined when none scored. */
function rankedUnits(example: SuiteExample, tuning: ScoringTuning): Ranked | undefined {
  featureSink.on = true;
  featureSink.last = undefined;
  try {
    compressWithTuning({ context: example.context, query: example.query, level: 'ultra' }, tuning);
  } finally {
    featureSink.on = false;
  }
  // Set by the compression (the sink is read through a module the engine writes to).
  const recorded = featureSink.last as UnitFeatures | undefined;
  featureSink.last = undefined;
  if (!recorded) return undefined;
  const text = renderContext(example.context).text;
  const answers = (example.answers ?? []).map((answer) => answer.toLowerCase());
  const features: number[] = [];
  const labels: number[] = [];
  const passages: number[] = [];
  const passageOf = passageIds(text, recorded.units);
  recorded.units.forEach((unit, at) => {
    if (isCompanionKind(unit.kind)) return;
    const own = text.slice(unit.start, unit.end).toLowerCase();
    if (!/\S/.test(own)) return;
    for (const name of FEATURE_NAMES) features.push(recorded.values[name][at]!);
    labels.push(answers.some((answer) => own.includes(answer)) ? 1 : 0);
    passages.push(passageOf[at]!);
  });
  return {
    features: Float64Array.from(features),
    labels: Uint8Array.from(labels),
    passages: Int32Array.from(passages),
  };
}

const MAX_POSITIVES = 8;
const MAX_NEGATIVES = 32;
const ACROSS_PASSAGES = process.argv.includes('--across');
const HARD_NEGATIVES = process.argv.includes('--hard') ? 16 : 0;

/**
 * The pairs of one example: up to 8 answer units against up to 32 other units, drawn with a
 * seed of their own. A unit with no part at all is left out: no weight can raise an answer
 * unit that shares nothing with the question, and a unit that shares nothing ranks last
 * under any weights.
 */
function examplePairs(ranked: Ranked, seed: number, weight: number, current: Float64Array): Pair[] {
  const random = seededRandom(seed);
  const some = (features: Float64Array) => features.some((value) => value !== 0);
  const positives: number[] = [];
  const negatives: number[] = [];
  ranked.labels.forEach((label, at) => {
    if (!some(partsOf(ranked, at))) return;
    (label ? positives : negatives).push(at);
  });
  if (ACROSS_PASSAGES) {
    // Only units of passages that hold no answer unit compete with the answer units.
    const answered = new Set(positives.map((unit) => ranked.passages[unit]));
    negatives.splice(
      0,
      negatives.length,
      ...negatives.filter((unit) => !answered.has(ranked.passages[unit])),
    );
  }
  const draw = (list: number[], count: number) => {
    for (let at = list.length - 1; at > 0; at--) {
      const other = Math.floor(random() * (at + 1));
      [list[at], list[other]] = [list[other]!, list[at]!];
    }
    return list.slice(0, count);
  };
  const chosenPositives = draw(positives, MAX_POSITIVES);
  let chosenNegatives: number[];
  if (HARD_NEGATIVES > 0) {
    const score = (unit: number) => dot(current, partsOf(ranked, unit));
    negatives.sort((a, b) => score(b) - score(a) || a - b);
    chosenNegatives = [
      ...negatives.slice(0, HARD_NEGATIVES),
      ...draw(negatives.slice(HARD_NEGATIVES), MAX_NEGATIVES - HARD_NEGATIVES),
    ];
  } else chosenNegatives = draw(negatives, MAX_NEGATIVES);
  const count = chosenPositives.length * chosenNegatives.length;
  const pairs: Pair[] = [];
  for (const positive of chosenPositives) {
    for (const negative of chosenNegatives) {
      const negativeParts = partsOf(ranked, negative);
      const difference = partsOf(ranked, positive).map((value, at) => value - negativeParts[at]!);
      pairs.push({ difference, weight: weight / count });
    }
  }
  return pairs;
}

interface Collected {
  name: string;
  /** The weights the parts were collected with (the unit's own first). */
  current: Float64Array;
  train: Ranked[];
  validation: Ranked[];
}

function collect(weights: FittedWeights): Collected[] {
  const tuning = tuningOf(weights);
  return fitSets().map((set) => {
    const train: Ranked[] = [];
    const validation: Ranked[] = [];
    set.examples.forEach((example, at) => {
      const ranked = rankedUnits(example, tuning);
      if (!ranked?.labels.includes(1)) return;
      (at % 5 === 4 ? validation : train).push(ranked);
    });
    return { name: set.name, current: vectorOf(weights), train, validation };
  });
}

const LISTWISE = process.argv.includes('--listwise');

function listsOf(sets: Collected[]): RankedList[] {
  return sets.flatMap((set) =>
    set.train.map((ranked) => ({ ...ranked, weight: 1 / (sets.length * set.train.length) })),
  );
}

function pairsOf(sets: Collected[], part: 'train' | 'validation'): Pair[] {
  const pairs: Pair[] = [];
  sets.forEach((set, setIndex) => {
    const examples = set[part];
    examples.forEach((ranked, at) => {
      const weight = 1 / (sets.length * examples.length);
      pairs.push(...examplePairs(ranked, 1 + setIndex * 100_003 + at, weight, set.current));
    });
  });
  return pairs;
}

/**
 * How well `vector` ranks, each set counting the same: the weighted share of pairs in order,
 * and the share of examples with an answer unit among the best tenth of their units.
 */
function rankingFigures(
  sets: Collected[],
  part: 'train' | 'validation',
  vector: Float64Array,
): { pairs: number; top: number } {
  let pairShare = 0;
  for (const { difference, weight } of pairsOf(sets, part)) {
    const margin = dot(vector, difference);
    if (margin > 0) pairShare += weight;
    else if (margin === 0) pairShare += weight / 2;
  }
  let top = 0;
  for (const set of sets) {
    let hits = 0;
    for (const ranked of set[part]) {
      const scores = Array.from(ranked.labels, (_, unit) => dot(vector, partsOf(ranked, unit)));
      const order = scores.map((_, at) => at).sort((a, b) => scores[b]! - scores[a]! || a - b);
      const best = order.slice(0, Math.max(1, Math.ceil(order.length / 10)));
      if (best.some((at) => ranked.labels[at])) hits++;
    }
    top += hits / Math.max(1, set[part].length) / sets.length;
  }
  return { pairs: pairShare, top };
}

const vectorOf = (weights: FittedWeights) =>
  Float64Array.of(1, ...FITTED.map((name) => weights[name]));

/** Three significant digits: the file holds what the fit found, not the float noise of its sums. */
const rounded = (value: number) => Number(value.toPrecision(3));

export interface FitReport {
  weights: FittedWeights;
  sets: string[];
  examples: { train: number; validation: number };
  train: { pairs: number; top: number };
  validation: { pairs: number; top: number };
  rounds: FittedWeights[];
}

const ROUNDS = 3;

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

function fitWeights(log: (line: string) => void = () => {}): FitReport {
  let weights: FittedWeights = { proximity: 1, neighbour: 1, section: 1, title: 1, bridge: 1 };
  const rounds: FittedWeights[] = [];
  let sets: Collected[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    sets = collect(weights);
    const vector = LISTWISE
      ? fitLists(listsOf(sets), FEATURE_NAMES.length)
      : fitPairs(pairsOf(sets, 'train'), FEATURE_NAMES.length);
    const scale = vector[0]!;
    if (!(scale > 0)) throw new Error(`the fit gave the unit's own BM25 a weight of ${scale}`);
    weights = Object.fromEntries(
      FITTED.map((name, at) => [name, rounded(vector[at + 1]! / scale)]),
    ) as unknown as FittedWeights;
    rounds.push(weights);
    log(`round ${round + 1}: ${JSON.stringify(weights)}`);
  }
  const vector = vectorOf(weights);
  // For the log: the weights the engine runs with now, ranked on the same parts.
  const engine = vectorOf({
    proximity: DEFAULT_TUNING.proximityWeight,
    neighbour: DEFAULT_TUNING.neighborWeight,
    section: DEFAULT_TUNING.sectionWeight,
    title: DEFAULT_TUNING.titleWeight,
    bridge: DEFAULT_TUNING.bridgeWeight,
  });
  for (const part of ['train', 'validation'] as const) {
    const figures = rankingFigures(sets, part, engine);
    log(
      `engine's weights now, ${part}: pairs ${percent(figures.pairs)}, best tenth ${percent(figures.top)}`,
    );
  }
  return {
    weights,
    sets: sets.map((set) => set.name),
    examples: {
      train: sets.reduce((sum, set) => sum + set.train.length, 0),
      validation: sets.reduce((sum, set) => sum + set.validation.length, 0),
    },
    train: rankingFigures(sets, 'train', vector),
    validation: rankingFigures(sets, 'validation', vector),
    rounds,
  };
}

/** The generated file. The date line is the only one `--check` does not compare. */
export function renderWeightsFile(report: FitReport, date: string): string {
  const { weights } = report;
  const lines = [
    '// Generated by `pnpm bench:fit` (bench/fit-weights.ts): do not edit by hand.',
    `// Date: ${date}`,
    '// The engine does not read them (tuning.ts keeps its hand-set values): measured on the whole',
    '// dev split and not kept (bench/README.md, "A fitted scorer, measured and not kept").',
    "// The weights of the parts of a unit's query score (unit-features.ts), the unit's own BM25",
    '// weighing 1, fitted by pairwise logistic regression (an answer unit above another unit of',
    '// its example, every set counting the same) on the dev split of these sets:',
    ...report.sets.map((name) => `// - ${name}`),
    `// ${report.examples.train} examples fitted, ${report.examples.validation} held out (every fifth of each set).`,
    `// Pairs in order, train / validation: ${percent(report.train.pairs)} / ${percent(report.validation.pairs)};`,
    `// an answer unit in the best tenth of the units: ${percent(report.train.top)} / ${percent(report.validation.top)}.`,
    `// Rounds (each collects the parts with the weights of the one before, from 1): ${report.rounds
      .map((round) => FITTED.map((name) => round[name]).join(' '))
      .join('; ')}.`,
    'export const FITTED_WEIGHTS = {',
    ...FITTED.map((name) => `  ${name}: ${weights[name]},`),
    '} as const;',
    '',
  ];
  return lines.join('\n');
}

const withoutDate = (text: string) => text.replace(/^\/\/ Date: .*$/m, '');

function main(): void {
  const check = process.argv.includes('--check');
  const print = process.argv.includes('--print');
  const report = fitWeights((line) => console.error(line));
  const text = renderWeightsFile(report, new Date().toISOString().slice(0, 10));
  if (check) {
    let current = '';
    try {
      current = readFileSync(FITTED_FILE, 'utf8');
    } catch {}
    if (withoutDate(current) !== withoutDate(text)) {
      console.error(
        'fitted-weights.ts is not what `pnpm bench:fit` writes: run it and commit the file.',
      );
      process.exitCode = 1;
      return;
    }
    console.log('fitted-weights.ts is what the fit writes.');
    return;
  }
  if (!print) writeFileSync(FITTED_FILE, text);
  console.log(text);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
