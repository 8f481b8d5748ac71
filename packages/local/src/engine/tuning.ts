/**
 * The weights of the scorer, tuned on the development set of multi-document
 * question answering (bench/quality.ts).
 */
export interface ScoringTuning {
  /** BM25 term-frequency saturation. */
  k1: number;
  /** BM25 length normalisation. */
  b: number;
  /** Weight of the section's BM25 against the unit's own. */
  sectionWeight: number;
  /** Weight of query terms found in the section's title. */
  titleWeight: number;
  /** Weight of query terms that sit close together. */
  proximityWeight: number;
  /** Share of a neighbour's relevance that a unit inherits. */
  neighborWeight: number;
  /** Weight of salience (centrality and position) beside relevance. */
  salienceWeight: number;
  /** Units sharing at least this share of word pairs with kept text are duplicates. */
  duplicateContainment: number;
}

export const DEFAULT_TUNING: ScoringTuning = {
  k1: 1.2,
  b: 0.75,
  sectionWeight: 0.5,
  titleWeight: 0.3,
  proximityWeight: 0.3,
  neighborWeight: 0.2,
  salienceWeight: 0.05,
  duplicateContainment: 0.8,
};
