import { bm25Signals } from './bm25-signals.ts';
import { queryTerms } from './query-terms.ts';
import type { Segmentation } from './segment.ts';
import type { ScoringTuning } from './tuning.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * Relevance of every unit to a query. The BM25 signals (bm25-signals.ts: the unit's,
 * its section's, its section title's, proximity) are each scaled to their maximum so
 * that the tuning weights compare like with like. A unit inherits part of its
 * neighbours' relevance, more from a next unit that opens with a pronoun (its
 * antecedent is likely here). Returns undefined when no query term occurs in the
 * context.
 */

function scaleToMax(values: Float64Array): Float64Array {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  if (max > 0) for (let i = 0; i < values.length; i++) values[i]! /= max;
  return values;
}

/** A unit that opens with a pronoun or "the film", "the band"...: its antecedent is just before. */
export const PRONOUN_START =
  /^\s*["“(]?(?:he|she|it|they|his|her|its|their|this|these|that|those|the (?:film|song|show|series|album|band|book|game|company|team|city|river|country))\b/i;

export function scoreQuery(
  text: string,
  query: string,
  segmentation: Segmentation,
  index: UnitIndex,
  tuning: ScoringTuning,
): Float64Array | undefined {
  const terms = queryTerms(query, index, tuning.termVariants > 0);
  if (!terms) return undefined;
  const { units } = segmentation;
  const unitCount = units.length;
  const signals = bm25Signals(segmentation, index, terms, tuning);
  const { unit: unitScore, proximity, section: sectionScore, title: titleScore } = signals;
  scaleToMax(unitScore);
  scaleToMax(sectionScore);
  scaleToMax(titleScore);
  scaleToMax(proximity);

  const own = new Float64Array(unitCount);
  for (let unit = 0; unit < unitCount; unit++) {
    own[unit] = unitScore[unit]! + tuning.proximityWeight * proximity[unit]!;
  }
  const scores = new Float64Array(unitCount);
  for (let unit = 0; unit < unitCount; unit++) {
    const section = units[unit]!.section;
    // A record stands alone: the line next to a matching record does not answer for it.
    const record = units[unit]!.kind === 'record';
    let inherited = 0;
    if (!record && unit > 0 && units[unit - 1]!.section === section) {
      inherited = tuning.neighborWeight * own[unit - 1]!;
    }
    const next = unit + 1;
    if (!record && next < unitCount && own[next]! > 0 && units[next]!.section === section) {
      const { start, end } = units[next]!;
      const opensWithReference = PRONOUN_START.test(text.slice(start, Math.min(end, start + 40)));
      const weight = opensWithReference ? tuning.antecedentWeight : tuning.neighborWeight;
      inherited = Math.max(inherited, weight * own[next]!);
    }
    scores[unit] =
      own[unit]! +
      inherited +
      tuning.sectionWeight * sectionScore[section]! +
      tuning.titleWeight * titleScore[section]!;
  }
  return scores;
}
