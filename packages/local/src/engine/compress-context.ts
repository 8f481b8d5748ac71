import type { CompressParams } from '@ctxopt/core';
import { assembleOutput } from './assemble-output.ts';
import { bridgeScores } from './bridge-terms.ts';
import { countChunks } from './chunk-counter.ts';
import { compressTurns } from './compress-turns.ts';
import { renderContext } from './render-context.ts';
import { scoreQuery } from './score-query.ts';
import { scoreSalience } from './score-salience.ts';
import { segment } from './segment.ts';
import { dropWeakest, selectUnits } from './select-units.ts';
import { SKIP_BELOW_TOKENS, targetRatio } from './targets.ts';
import { DEFAULT_TUNING, type ScoringTuning } from './tuning.ts';
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
   * `skipped` when the input comes back unchanged: it is under `SKIP_BELOW_TOKENS`
   * (100) tokens, or nothing can be dropped (one code block larger than the budget).
   */
  status: 'compressed' | 'skipped';
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
 * share of the best unit's relevance (see bridge-terms.ts).
 */
function addBridge(
  text: string,
  query: string,
  segmentation: ReturnType<typeof segment>,
  index: ReturnType<typeof indexUnits>,
  relevance: Float64Array,
  tuning: ScoringTuning,
): void {
  const bridge = bridgeScores(text, query, segmentation, index, relevance, {
    sources: tuning.bridgeSources,
    termsPerSource: tuning.bridgeTermsPerSource,
    neighborShare: tuning.bridgeNeighborShare,
  });
  let best = 0;
  for (const value of relevance) if (value > best) best = value;
  for (let unit = 0; unit < relevance.length; unit++) {
    relevance[unit]! += tuning.bridgeWeight * best * bridge[unit]!;
  }
}

/** The engine with explicit scoring weights (the benchmark tunes them). */
export function compressWithTuning(params: CompressParams, tuning: ScoringTuning): EngineResult {
  const { text, labels } = renderContext(params.context);
  const query = params.query?.trim() ?? '';
  const segmentation = segment(text, labels);
  const { units } = segmentation;
  const tokens = new Int32Array(units.length);
  let inputTokens = 0;
  for (let unit = 0; unit < units.length; unit++) {
    const { start, end } = units[unit]!;
    tokens[unit] = countChunks(text, start, end);
    inputTokens += tokens[unit]!;
  }
  const ratio = targetRatio({
    level: params.level,
    mode: params.mode,
    inputTokens,
    hasQuery: query.length > 0,
  });
  if (inputTokens < SKIP_BELOW_TOKENS)
    return result(text, 'skipped', inputTokens, inputTokens, ratio);

  const index = indexUnits(text, units);
  const salience = scoreSalience(segmentation, index);
  const relevance =
    query.length > 0 ? scoreQuery(text, query, segmentation, index, tuning) : undefined;
  if (relevance && tuning.bridgeWeight > 0)
    addBridge(text, query, segmentation, index, relevance, tuning);
  const scores = relevance ?? salience;
  if (relevance) {
    for (let unit = 0; unit < units.length; unit++) {
      scores[unit]! += tuning.salienceWeight * salience[unit]!;
    }
  }
  const budget = Math.floor(inputTokens / ratio);
  // A conversation keeps whole turns: a later question asks about a turn, not a fragment.
  if (labels.length > 1) {
    const turns = compressTurns({
      text,
      segmentation,
      index,
      tokens,
      relevance,
      budget,
      tuning,
    });
    if (turns && turns.tokens < inputTokens) {
      return result(turns.text, 'compressed', inputTokens, turns.tokens, ratio);
    }
  }
  const headings = ratio < tuning.headingsBelowRatio;
  const kept = selectUnits({
    text,
    segmentation,
    index,
    tokens,
    scores,
    budget,
    duplicateContainment: tuning.duplicateContainment,
    headings,
  });
  let output = assembleOutput(text, units, tokens, kept);
  // Line breaks put back between kept units may cost a token or two: give them room.
  while (
    output.tokens > budget &&
    dropWeakest(segmentation, kept, scores, tokens, output.tokens - budget, headings)
  ) {
    output = assembleOutput(text, units, tokens, kept);
  }
  if (output.tokens >= inputTokens) return result(text, 'skipped', inputTokens, inputTokens, ratio);
  return result(output.text, 'compressed', inputTokens, output.tokens, ratio);
}

/** Compresses a validated compress request (see `validateCompressParams` in core). */
export function compressContext(params: CompressParams): EngineResult {
  return compressWithTuning(params, DEFAULT_TUNING);
}
