import type { CompressParams } from '@ctxopt/core';
import { ablated } from './ablation.ts';
import { answerKindTest } from './answer-kinds.ts';
import { assembleOutput } from './assemble-output.ts';
import { bridgeScores, queryNames } from './bridge-terms.ts';
import { countChunks } from './chunk-counter.ts';
import { compressJson, type ParsedJson, parseJsonDocument } from './compress-json.ts';
import { compressTurns, type TurnTrace } from './compress-turns.ts';
import {
  type EngineExplanation,
  explainTurns,
  explainUnits,
  explainWhole,
  markJsonMessages,
  type ScoreTrace,
} from './explain.ts';
import { assembleWithJsonMessages, jsonMessages } from './json-messages.ts';
import { boostNamedDefinitions } from './named-definitions.ts';
import { queryEchoes } from './query-echoes.ts';
import { type QueryTerms, queryTerms } from './query-terms.ts';
import { type RefinedUnits, refineUnits } from './refine-units.ts';
import { renderContext } from './render-context.ts';
import type { Label } from './role-label.ts';
import { scoreQuery } from './score-query.ts';
import { scoreSalience } from './score-salience.ts';
import { sectionMeaning } from './section-meaning.ts';
import { segment } from './segment.ts';
import { selectWithinBudget } from './select-units.ts';
import { type SpeakerLabel, speakerLabels, speakerTerms } from './speaker-labels.ts';
import { LEVEL_RATIOS, SKIP_BELOW_TOKENS, targetRatio } from './targets.ts';
import { DEFAULT_TUNING, type ScoringTuning } from './tuning.ts';
import { featureSink } from './unit-features.ts';
import { indexUnits } from './unit-index.ts';

/**
 * The local compression engine: query-aware extractive selection under a token budget.
 *
 * The context (a string, or messages rendered as in render-context.ts) is split into
 * units (sentences, list items, headings; fenced code and tables whole), each counted
 * exactly once with the o200k_base tokenizer (chunk-counter.ts); units meet at safe
 * cuts (token-boundary.ts), so their counts add up to the input's. With a query, units
 * rank by BM25 relevance with section, title and proximity signals; without one, by
 * salience. The best units fill the budget of the level or mode (targets.ts),
 * near-duplicates are dropped, and the kept units come back in their original order,
 * a message's units under its role label. Usage figures are exact counts of the
 * returned text. Cost is linear in the input.
 */
export interface EngineResult {
  /** The optimized context. */
  compressed: string;
  /**
   * `compressed` when text was dropped; `skipped` when the input comes back unchanged
   * (it is under `SKIP_BELOW_TOKENS`, 100, tokens, or nothing could be dropped);
   * `no_content` when the input is white space alone, so the output is empty.
   */
  status: 'compressed' | 'skipped' | 'no_content';
  /** Exact o200k_base token count of the input text. */
  inputTokens: number;
  /** Exact o200k_base token count of `compressed`. */
  compressedTokens: number;
  /** `inputTokens - compressedTokens`. */
  savedTokens: number;
  /** Share of tokens saved, in percent with two decimals, e.g. 74.31. */
  reductionPct: number;
  /** The target ratio (input to output tokens) of the level or mode used. */
  targetRatio: number;
  /** Each unit's score, signals and the reason it was kept or dropped: only when `explain` was asked. */
  explanation?: EngineExplanation;
}

/** How the engine runs, beside the request. */
export interface EngineOptions {
  /**
   * Collect each unit's score, signals and reason into `EngineResult.explanation`.
   * Never changes the output; without it nothing is collected. @default false
   */
  explain?: boolean;
  /**
   * The cosine similarity of each message of a conversation to the query, by an embedder
   * (`LocalContextOptimizer`'s `embed` option computes it): a message similar in meaning
   * ranks higher, whether or not it shares a word with the query. Read only for a message
   * array with a query.
   */
  messageSimilarity?: ArrayLike<number>;
}

function result(
  compressed: string,
  status: EngineResult['status'],
  inputTokens: number,
  compressedTokens: number,
  ratio: number,
): EngineResult {
  const savedTokens = inputTokens - compressedTokens;
  const reductionPct = inputTokens > 0 ? Math.round((savedTokens / inputTokens) * 10_000) / 100 : 0;
  return {
    compressed,
    status,
    inputTokens,
    compressedTokens,
    savedTokens,
    reductionPct,
    targetRatio: ratio,
  };
}

/**
 * Multi-hop: units that name the bridge entities of the best first-pass units gain a
 * share of the spread of the first pass's relevance (see bridge-terms.ts). When the
 * question names what its first hop is about, outside a conversation, the sources are
 * the units holding those names.
 */
function addBridge(
  text: string,
  query: string,
  segmentation: ReturnType<typeof segment>,
  index: ReturnType<typeof indexUnits>,
  relevance: Float64Array,
  tuning: ScoringTuning,
  labels: readonly Label[],
  terms: QueryTerms | undefined,
  speakers: readonly SpeakerLabel[] | undefined,
  queryNameIds: ReadonlySet<number>,
): void {
  const conversation = labels.length > 1;
  // In a conversation the question's names are its speakers and the people they talk
  // about, named all through it: they do not point at one passage.
  const names = conversation ? undefined : queryNameIds;
  const named = names !== undefined && names.size > 0;
  const sources: number[] = [];
  const bridge = bridgeScores(text, query, segmentation, index, relevance, {
    sourcesOut: sources,
    sources: tuning.bridgeSources,
    // The bridge pass reads the terms with their variants: the same as the first pass's
    // unless the variants are tuned off.
    ...(terms && tuning.termVariants > 0 ? { terms } : {}),
    ...(named ? { names } : {}),
    // Sources the question's names do not anchor (a question that names nothing, no
    // capitalised word past its first: "who won the womens 2017 ncaa basketball
    // tournament"; or any question in a conversation) are only the best-scoring units, and
    // a unit sharing one rare word with them (a year, a place) is no second hop: it must
    // share two (a full name, a name and a year). Sources found by the question's names
    // keep one: "Watt" alone leads from the Lap Engine's passage to his.
    // Dev, 2x / 4x / 10x, one term -> two: NQ passages only 94.4 / 89.2 / 84.8 -> 94.4 /
    // 90.0 / 86.4%, its chat prompt 94.2 / 89.8 / 84.4 -> 94.2 / 90.4 / 86.0%; three: 90.2 /
    // 86.0% and 90.4 / 86.0% at 4x / 10x; two for every question: multi-hop 76 -> 66%,
    // multi-hop large 42.7 -> 39.2% at 10x.
    ...(named ? {} : { minTerms: 2 }),
    // A speaker label names who speaks on every turn of theirs, not a second hop.
    ...(conversation ? { unbridged: speakerTerms(text, speakers ?? [], index) } : {}),
  });
  // The bonus is a share of the spread of the first pass's scores, not of the best
  // score: a part every unit shares (the section score of a context that is one
  // section) would otherwise outweigh the whole spread.
  let best = Number.NEGATIVE_INFINITY;
  let lowest = Number.POSITIVE_INFINITY;
  for (const value of relevance) {
    if (value > best) best = value;
    if (value < lowest) lowest = value;
  }
  const spread = Math.max(0, best - lowest);
  const features = featureSink.on ? featureSink.last?.values.bridge : undefined;
  if (features?.length === bridge.length) {
    for (let unit = 0; unit < bridge.length; unit++) features[unit] = spread * bridge[unit]!;
  }
  // A bridge unit never outranks the units its terms came from.
  let ceiling = sources.length > 0 ? 0 : Number.POSITIVE_INFINITY;
  for (const source of sources) ceiling = Math.max(ceiling, relevance[source]!);
  ceiling *= 1 - 1e-9;
  for (let unit = 0; unit < relevance.length; unit++) {
    if (bridge[unit]! <= 0) continue;
    const lifted = relevance[unit]! + tuning.bridgeWeight * spread * bridge[unit]!;
    relevance[unit] = Math.max(relevance[unit]!, Math.min(lifted, ceiling));
  }
}

/** The coverage order's test of a unit for the kind of answer the query asks for (answer-kinds.ts). */
function answerKinds(
  text: string,
  units: ReturnType<typeof segment>['units'],
  query: string,
): { holdsAnswerKind?: (unit: number) => boolean } {
  const test = ablated.has('answer-kinds') ? undefined : answerKindTest(query);
  if (!test) return {};
  return { holdsAnswerKind: (unit) => test(text.slice(units[unit]!.start, units[unit]!.end)) };
}

/** Units are cut into pieces only above this many tokens (see refine-units.ts). */
const MIN_REFINED_TOKENS = 32;

/** The units the engine keeps or drops, their exact token counts, and the input's count. */
export interface EngineUnits extends RefinedUnits {
  inputTokens: number;
}

/**
 * Splits a rendered context into the engine's units: segment.ts, then a unit over half
 * the `ultra` budget (it would take all of it or be dropped whole) cut into pieces by
 * refine-units.ts, the same way at every level, so a level never keeps less than a
 * harder one. Units of white space alone are left uncut.
 */
export function engineUnits(text: string, labels: Label[]): EngineUnits {
  const segmented = segment(text, labels);
  const counts = new Int32Array(segmented.units.length);
  let inputTokens = 0;
  for (let unit = 0; unit < segmented.units.length; unit++) {
    const { start, end } = segmented.units[unit]!;
    counts[unit] = countChunks(text, start, end);
    inputTokens += counts[unit]!;
  }
  if (inputTokens < SKIP_BELOW_TOKENS || !/\S/.test(text)) {
    return { segmentation: segmented, tokens: counts, inputTokens };
  }
  const limit = Math.max(MIN_REFINED_TOKENS, Math.floor(inputTokens / (2 * LEVEL_RATIOS.ultra)));
  return { ...refineUnits(text, segmented, counts, limit), inputTokens };
}

/** The engine with explicit scoring weights (the benchmark tunes them). */
export function compressWithTuning(
  params: CompressParams,
  tuning: ScoringTuning,
  options: EngineOptions = {},
): EngineResult {
  const { text, labels } = renderContext(params.context);
  const query = params.query?.trim() ?? '';
  const parsed = typeof params.context === 'string' ? parseJsonDocument(text) : undefined;
  if (parsed) {
    const json = compressJsonContext(params, text, parsed, query);
    if (options.explain) {
      json.explanation =
        json.status === 'compressed'
          ? { strategy: 'json', budget: Math.floor(json.inputTokens / json.targetRatio), units: [] }
          : explainWhole(text, undefined, undefined);
    }
    return json;
  }
  const { segmentation, tokens, inputTokens } = engineUnits(text, labels);
  const explain = options.explain === true;
  const whole = (status: EngineResult['status'], compressedTokens: number): EngineResult => {
    const unchanged = result(
      status === 'no_content' ? '' : text,
      status,
      inputTokens,
      compressedTokens,
      ratio,
    );
    if (explain) unchanged.explanation = explainWhole(text, segmentation, tokens);
    return unchanged;
  };
  const ratio = targetRatio({
    level: params.level,
    mode: params.mode,
    inputTokens,
    hasQuery: query.length > 0,
  });
  if (inputTokens < SKIP_BELOW_TOKENS) return whole('skipped', inputTokens);
  if (!/\S/.test(text)) return whole('no_content', 0);

  const budget = Math.floor(inputTokens / ratio);
  const { units } = segmentation;
  const index = indexUnits(text, units);
  // Worked out once: the vocabulary scan of their other forms is linear in the context's
  // distinct words, and the bridge and scene passes read the same terms.
  const terms =
    query.length > 0 && !ablated.has('query')
      ? queryTerms(query, index, tuning.termVariants > 0)
      : undefined;
  const sectionParts = terms ? new Float64Array(units.length) : undefined;
  const echoes = terms && queryEchoes(units, index, query);
  // The question's names, read by the meaning, bridge and coverage passes alike.
  const names = terms && queryNames(query, index);
  // Closeness in meaning, for a question that names nothing (no capitalised word past its
  // first: "when does the new season of lost in space come out"). A question that names
  // its subject finds its passages by the names; a multi-hop one ("Where was the creator
  // of the Lap Engine educated?") needs a second passage that is not close to it in
  // meaning, and a bonus for the first one's neighbours in meaning takes its place (dev,
  // 4x / 10x, for every question: two-hop titled, title line 82.4 / 67.6 -> 76.5 / 61.8%,
  // multi-hop large, title line 40.6 -> 39.5% at 10x; for these only, unchanged).
  const meaning =
    terms && names && tuning.meaningWeight > 0 && names.size === 0
      ? sectionMeaning(query, segmentation, index, echoes)
      : undefined;
  const relevance =
    terms && scoreQuery(terms, segmentation, index, tuning, echoes, sectionParts, meaning);
  // Explaining: each signal's part, taken as it is added (nothing of this without explain).
  const trace: ScoreTrace | undefined = explain ? {} : undefined;
  // Who speaks each message of a conversation, found once for the bridge pass and the turns.
  const speakers = relevance && labels.length > 1 ? speakerLabels(text, labels) : undefined;
  const bridging = relevance !== undefined && tuning.bridgeWeight > 0;
  // The first pass's scores, kept when the bridge pass runs (its part is the difference) or
  // when explaining (the query's part).
  const firstPass = relevance && (bridging || trace) ? Float64Array.from(relevance) : undefined;
  if (bridging && names)
    addBridge(text, query, segmentation, index, relevance, tuning, labels, terms, speakers, names);
  const added =
    relevance && firstPass
      ? Float64Array.from(relevance, (value, unit) => value - firstPass[unit]!)
      : undefined;
  const bridgeParts = bridging ? added : undefined;
  if (trace && firstPass && added) {
    trace.query = firstPass;
    trace.bridge = added;
  }
  // Salience ranks units without a query only: beside relevance (a weight of 0.05) it
  // moved no dev set by a point (whole dev, 2026-11-25; bench/README.md "Ablation").
  const scores = relevance ?? scoreSalience(segmentation, index);
  if (trace && !relevance) trace.salience = Float64Array.from(scores);
  const beforeDefinitions = trace && query.length > 0 ? Float64Array.from(scores) : undefined;
  if (query.length > 0 && !ablated.has('named-definitions'))
    boostNamedDefinitions(text, segmentation, query, scores);
  if (trace && beforeDefinitions) {
    trace.definition = Float64Array.from(scores, (value, unit) => value - beforeDefinitions[unit]!);
  }
  // A conversation keeps whole turns: a later question asks about a turn, not a fragment.
  if (labels.length > 1 && !ablated.has('whole-turns')) {
    const turnTrace: TurnTrace | undefined = explain ? {} : undefined;
    const turns = compressTurns({
      text,
      segmentation,
      index,
      tokens,
      relevance,
      terms,
      query,
      ...(speakers ? { speakers } : {}),
      budget,
      tuning,
      ...(turnTrace ? { explain: turnTrace } : {}),
      ...(options.messageSimilarity ? { similarity: options.messageSimilarity } : {}),
    });
    if (turns && turns.tokens < inputTokens) {
      const compressed = result(turns.text, 'compressed', inputTokens, turns.tokens, ratio);
      if (turnTrace) {
        compressed.explanation = explainTurns({
          text,
          segmentation,
          tokens,
          trace: turnTrace,
          budget,
        });
      }
      return compressed;
    }
  }
  const headings = ratio < tuning.headingsBelowRatio;
  const reasons = explain ? new Uint8Array(units.length) : undefined;
  const assemble = (chosen: Uint8Array) => assembleOutput(text, units, tokens, chosen);
  const selection = selectWithinBudget(assemble, {
    text,
    segmentation,
    index,
    tokens,
    scores,
    budget,
    duplicateContainment: tuning.duplicateContainment,
    headings,
    headingShare: tuning.headingShare,
    ...(terms && sectionParts && names
      ? {
          coverage: {
            sectionParts,
            terms,
            names,
            share: tuning.longSectionShare,
            ...(bridgeParts ? { bridgeParts } : {}),
            ...answerKinds(text, units, query),
          },
        }
      : {}),
    ...(reasons ? { reasons } : {}),
  });
  // Joined, the kept units may count a token or two more than apart: the selection leaves room.
  const kept = selection.kept;
  let output = selection.output;
  let jsonIndexes: ReadonlySet<number> | undefined;
  if (typeof params.context !== 'string') {
    // A message that is one JSON document is never cut into fragments (json-messages.ts).
    const json = jsonMessages(params.context);
    if (json.size > 0) {
      if (explain) jsonIndexes = new Set(json.keys());
      output = assembleWithJsonMessages({
        text,
        labels,
        messages: params.context,
        json,
        units,
        tokens,
        kept,
        query,
      });
    }
  }
  if (output.tokens >= inputTokens) return whole('skipped', inputTokens);
  const compressed = result(output.text, 'compressed', inputTokens, output.tokens, ratio);
  if (trace && reasons) {
    compressed.explanation = explainUnits({
      text,
      segmentation,
      tokens,
      scores,
      trace,
      reasons,
      kept,
      budget,
    });
    if (jsonIndexes) markJsonMessages(compressed.explanation, labels, jsonIndexes);
  }
  return compressed;
}

/** A context that is one JSON document: valid JSON out (compress-json.ts). */
function compressJsonContext(
  params: CompressParams,
  text: string,
  parsed: ParsedJson,
  query: string,
): EngineResult {
  const inputTokens = countChunks(text);
  const ratio = targetRatio({
    level: params.level,
    mode: params.mode,
    inputTokens,
    hasQuery: query.length > 0,
  });
  if (inputTokens < SKIP_BELOW_TOKENS) {
    return result(text, 'skipped', inputTokens, inputTokens, ratio);
  }
  const output =
    parsed.document && compressJson(parsed.document, query, Math.floor(inputTokens / ratio));
  if (!output || output.tokens >= inputTokens)
    return result(text, 'skipped', inputTokens, inputTokens, ratio);
  return result(output.text, 'compressed', inputTokens, output.tokens, ratio);
}

/** Compresses a validated compress request (see `validateCompressParams` in core). */
export function compressContext(params: CompressParams, options: EngineOptions = {}): EngineResult {
  return compressWithTuning(params, DEFAULT_TUNING, options);
}
