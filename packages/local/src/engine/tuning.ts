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
  /** 1 to match prefix variants and compounds of the query's terms, 0 for exact terms only. */
  termVariants: number;
  /**
   * A kept unit brings its section's heading along (a markdown heading, a passage
   * header or title line) when the target ratio is below this; at harder
   * ratios the budget goes to content. Role labels of messages are always kept.
   */
  headingsBelowRatio: number;
  /** In a conversation with a query, weight of a turn's query-free prior beside its relevance. */
  turnPriorWeight: number;
  /** A message of at most this share of the budget is kept whole or dropped whole. */
  turnWholeShare: number;
  /** Turn selection ranks turns by score per `tokens ** exponent`, without a query. */
  turnCostExponent: number;
  /** The same exponent with a query. */
  turnCostExponentWithQuery: number;
  /** Share of a neighbouring message's relevance a message borrows, with a query. */
  turnNeighbourShare: number;
  /** How many messages away a neighbour may be. */
  turnNeighbourReach: number;
  /** The same share for the message after one that asks a question (its likely answer). */
  turnAnswerShare: number;
  /** Added to the score of every message of a session whose date the query names. */
  turnNamedDayWeight: number;
  /**
   * Weight of the second, bridge-entity pass of query scoring, as a share of the spread
   * of the first pass's scores (0 turns it off). 0.5 kept: multi-hop dev 98% / 78% at
   * 4x / 10x; 1 gives the same, 0.25 gives 98% / 76%.
   */
  bridgeWeight: number;
  /** How many of the best first-pass units lend their rare terms to the second pass. */
  bridgeSources: number;
  /** Bridge terms each source unit lends, the rarest first. */
  bridgeTermsPerSource: number;
  /** Share of a neighbouring unit's bridge score a unit gets. */
  bridgeNeighborShare: number;
  /**
   * The n-th best bridge unit ranks at least level with the first pass's
   * (`bridgeEvery` * n)-th best unit (0 turns the slotting off).
   */
  bridgeEvery: number;
  /**
   * `bridgeEvery` and `bridgeNeighborShare` when the question names what its first hop
   * is about (a word of it opens with a capital) and the context is not a conversation:
   * the sources are then found by name, so the second hop earns a larger share.
   */
  bridgeEveryNamed: number;
  bridgeNeighborShareNamed: number;
}

export const DEFAULT_TUNING: ScoringTuning = {
  k1: 1.2,
  b: 0.75,
  sectionWeight: 2,
  titleWeight: 1,
  proximityWeight: 0.2,
  neighborWeight: 0.4,
  salienceWeight: 0.05,
  duplicateContainment: 0.8,
  headingsBelowRatio: 8,
  termVariants: 1,
  turnPriorWeight: 0.3,
  turnWholeShare: 0.4,
  turnCostExponent: 0.7,
  turnCostExponentWithQuery: 0.3,
  turnNeighbourShare: 0.3,
  turnNeighbourReach: 2,
  turnAnswerShare: 0.6,
  turnNamedDayWeight: 0.5,
  bridgeWeight: 0.5,
  bridgeSources: 2,
  bridgeTermsPerSource: 24,
  bridgeNeighborShare: 0.8,
  bridgeEvery: 2,
  bridgeEveryNamed: 1.5,
  bridgeNeighborShareNamed: 0.4,
};
