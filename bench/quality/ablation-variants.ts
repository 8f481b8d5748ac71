import { type AblatedSignal, ablated } from '../../packages/local/src/engine/ablation.ts';
import { DEFAULT_TUNING, type ScoringTuning } from '../../packages/local/src/engine/tuning.ts';

/**
 * The engine's signals, each switched off alone for the ablation table of
 * bench/quality.ts: by a weight of 0 in the tuning where the signal has one, by the
 * engine's internal `ablated` set (engine/ablation.ts) where it has none.
 */
export interface Ablation {
  name: string;
  tuning?: Partial<ScoringTuning>;
  signal?: AblatedSignal;
}

export const ABLATIONS: readonly Ablation[] = [
  { name: 'query relevance (salience alone)', signal: 'query' },
  { name: 'section BM25', tuning: { sectionWeight: 0 } },
  { name: 'section title', tuning: { titleWeight: 0 } },
  // A passage's closeness in meaning to an English question (section-meaning.ts).
  { name: 'passage meaning', tuning: { meaningWeight: 0 } },
  // Every unit of a long section gets its whole section score.
  { name: 'long-section share', tuning: { longSectionShare: 1 } },
  { name: 'proximity', tuning: { proximityWeight: 0 } },
  // In text without capitals, the query's words written side by side as one name weigh once.
  { name: 'name groups', signal: 'name-groups' },
  { name: 'neighbours', tuning: { neighborWeight: 0 } },
  { name: 'term variants (and relation words)', tuning: { termVariants: 0 } },
  { name: 'relation words', signal: 'relation-words' },
  { name: 'bridge terms', tuning: { bridgeWeight: 0 } },
  // The bridge pass with one source unit instead of two.
  { name: 'second bridge source', tuning: { bridgeSources: 1 } },
  { name: 'answer kinds', signal: 'answer-kinds' },
  { name: 'named definitions', signal: 'named-definitions' },
  { name: 'duplicate filter', tuning: { duplicateContainment: 2 } },
  { name: 'headings brought along', tuning: { headingsBelowRatio: 0 } },
  // Headings brought along for every kept unit, whatever share of the budget they take.
  { name: 'heading share cap', tuning: { headingShare: 1 } },
  { name: 'record lines', signal: 'record-lines' },
  { name: 'whole turns', signal: 'whole-turns' },
  // A message of any length up to the budget kept whole, as without a query.
  { name: 'whole-turn share (with a query)', tuning: { turnWholeShare: 1 } },
  // Turns ranked by score per token (an exponent of 1: plain density).
  { name: 'turn cost exponent (no query)', tuning: { turnCostExponent: 1 } },
  { name: 'turn cost exponent (with a query)', tuning: { turnCostExponentWithQuery: 1 } },
  { name: 'turn priors (with a query)', tuning: { turnPriorWeight: 0 } },
  { name: 'turn neighbours', tuning: { turnNeighbourShare: 0 } },
  // Neighbours one message away only, instead of up to `turnNeighbourReach`.
  { name: 'turn neighbour reach', tuning: { turnNeighbourReach: 1 } },
  { name: 'turn scenes', tuning: { turnSceneWeight: 0 } },
  { name: 'named day', tuning: { turnNamedDayWeight: 0 } },
  { name: 'named speaker', tuning: { turnSpeakerWeight: 0 } },
];

/** Runs `measure` with the engine under `variant`, and puts the engine back. */
export function withAblation<T>(variant: Ablation, measure: (tuning: ScoringTuning) => T): T {
  if (variant.signal) ablated.add(variant.signal);
  try {
    return measure({ ...DEFAULT_TUNING, ...variant.tuning });
  } finally {
    if (variant.signal) ablated.delete(variant.signal);
  }
}
