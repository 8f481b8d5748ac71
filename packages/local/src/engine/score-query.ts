import { bm25Signals } from './bm25-signals.ts';
import { queryTerms } from './query-terms.ts';
import type { Segmentation } from './segment.ts';
import type { ScoringTuning } from './tuning.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * Relevance of every unit to a query. The BM25 signals (bm25-signals.ts: the unit's,
 * its section's, its section title's, proximity) are each scaled to their maximum so
 * that the tuning weights compare like with like. A unit inherits part of its
 * neighbours' relevance. Returns undefined when no query term occurs in the
 * context.
 */

function scaleToMax(values: Float64Array): Float64Array {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  if (max > 0) for (let i = 0; i < values.length; i++) values[i]! /= max;
  return values;
}

export function scoreQuery(
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
    if (!record && next < unitCount && units[next]!.section === section) {
      inherited = Math.max(inherited, tuning.neighborWeight * own[next]!);
    }
    scores[unit] =
      own[unit]! +
      inherited +
      tuning.sectionWeight * sectionScore[section]! +
      tuning.titleWeight * titleScore[section]!;
  }
  return scores;
}
