/**
 * Signals of the engine switched off, for the benchmark's ablation table only
 * (bench/quality.ts --ablation): each signal must earn its place on the quality sets.
 * Not exported from the package; empty in every other use, so each check below is one
 * look-up of an empty set per compression (or per block), never per unit.
 *
 * Signals that have a weight in tuning.ts are switched off by a weight of 0 instead;
 * these are the ones without one.
 */
export type AblatedSignal =
  /** Query relevance as a whole: units rank by salience alone, as without a query. */
  | 'query'
  /** The words that state the same relation as a query term (relation-words.ts). */
  | 'relation-words'
  /** The kind of answer the question asks for, in a passage the bridge reached (answer-kinds.ts). */
  | 'answer-kinds'
  /** Code units that define a name the query spells go first (named-definitions.ts). */
  | 'named-definitions'
  /** A run of record lines is cut at its lines rather than its sentences (record-lines.ts). */
  | 'record-lines'
  /** A conversation keeps whole messages (compress-turns.ts) rather than units. */
  | 'whole-turns'
  /** In text without capitals, the words of a name weigh once (name-groups.ts). */
  | 'name-groups';

export const ablated = new Set<AblatedSignal>();
