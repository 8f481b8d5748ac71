import { bm25Signals } from './bm25-signals.ts';
import type { QueryTerms } from './query-terms.ts';
import type { Segmentation } from './segment.ts';
import type { ScoringTuning } from './tuning.ts';
import { FEATURE_NAMES, featureSink, type UnitFeatures } from './unit-features.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * Relevance of every unit to a query. The BM25 signals (bm25-signals.ts: the unit's,
 * its section's, its section title's, proximity) are each scaled to their maximum so
 * that the tuning weights compare like with like. A unit inherits part of its
 * neighbours' relevance. A section's score lifts its units only up to an average
 * section's worth of words (see `sectionShares`). The query's terms (query-terms.ts) are
 * worked out once by the caller, which passes them on to the later passes too.
 */

/**
 * Scales `values` to their maximum over the entries not `skipped` (a unit or section
 * that repeats the query, see query-echoes.ts); a skipped entry above it stays at 1.
 * When only skipped entries score, to the maximum of all.
 */
function scaleToMax(values: Float64Array, skipped?: Uint8Array): Float64Array {
  let max = 0;
  let all = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i]! > all) all = values[i]!;
    if (values[i]! > max && !skipped?.[i]) max = values[i]!;
  }
  if (max === 0) max = all;
  if (max > 0) for (let i = 0; i < values.length; i++) values[i] = Math.min(1, values[i]! / max);
  return values;
}

/**
 * The share of its section's score each unit gets: 1 for the section's units with the
 * most evidence of their own, up to an average section's worth of words, and
 * `longSectionShare` for the rest of a longer section. Among many short passages, the
 * passage that names what the question asks about (a multi-hop question's first hop) is
 * often the longest, and every sentence of it, though it holds nothing of the question,
 * would outrank the passage that states the answer (the second hop), which shares only a
 * bridge name with it. A conversation's messages are its sections and are kept or
 * dropped whole (compress-turns.ts): all their units keep the whole score.
 */
function sectionShares(
  segmentation: Segmentation,
  index: UnitIndex,
  own: Float64Array,
  longSectionShare: number,
): Float64Array {
  const { units } = segmentation;
  const shares = new Float64Array(units.length).fill(1);
  if (longSectionShare >= 1 || segmentation.labelUnits.length > 1) return shares;
  const { offsets } = index;
  const sectionWords = new Float64Array(segmentation.sections.length);
  for (let unit = 0; unit < units.length; unit++) {
    sectionWords[units[unit]!.section]! += offsets[unit + 1]! - offsets[unit]!;
  }
  let filled = 0;
  for (const words of sectionWords) if (words > 0) filled++;
  const average = offsets[units.length]! / Math.max(1, filled);
  // Only a section longer than the average has units past it: sort those alone.
  const bySection = new Map<number, number[]>();
  for (let unit = 0; unit < units.length; unit++) {
    const section = units[unit]!.section;
    if (sectionWords[section]! <= average) continue;
    const members = bySection.get(section);
    if (members) members.push(unit);
    else bySection.set(section, [unit]);
  }
  for (const members of bySection.values()) {
    members.sort((a, b) => own[b]! - own[a]! || a - b);
    let words = 0;
    for (const unit of members) {
      if (words >= average) shares[unit] = longSectionShare;
      words += offsets[unit + 1]! - offsets[unit]!;
    }
  }
  return shares;
}

/**
 * `sectionParts`, when given, receives the part of each unit's score its section lent it;
 * `meaning`, each section's closeness in meaning to the query (section-meaning.ts).
 */
export function scoreQuery(
  terms: QueryTerms,
  segmentation: Segmentation,
  index: UnitIndex,
  tuning: ScoringTuning,
  echoes?: Uint8Array,
  sectionParts?: Float64Array,
  meaning?: Float64Array,
): Float64Array {
  const { units } = segmentation;
  const unitCount = units.length;
  const signals = bm25Signals(segmentation, index, terms, tuning);
  const { unit: unitScore, proximity, section: sectionScore, title: titleScore } = signals;
  // The sections a repeat of the query sits in do not set the sections' scale either.
  let echoSections: Uint8Array | undefined;
  if (echoes) {
    echoSections = new Uint8Array(segmentation.sections.length);
    for (let unit = 0; unit < unitCount; unit++) {
      if (echoes[unit]) echoSections[units[unit]!.section] = 1;
    }
  }
  scaleToMax(unitScore, echoes);
  scaleToMax(sectionScore, echoSections);
  scaleToMax(titleScore, echoSections);
  scaleToMax(proximity, echoes);

  const own = new Float64Array(unitCount);
  for (let unit = 0; unit < unitCount; unit++) {
    own[unit] = unitScore[unit]! + tuning.proximityWeight * proximity[unit]!;
  }
  const shares = sectionShares(segmentation, index, own, tuning.longSectionShare);
  const features = featuresOf(units, unitScore, proximity);
  const scores = new Float64Array(unitCount);
  for (let unit = 0; unit < unitCount; unit++) {
    const section = units[unit]!.section;
    // A record stands alone: the line next to a matching record does not answer for it.
    const record = units[unit]!.kind === 'record';
    let neighbour = 0;
    if (!record && unit > 0 && units[unit - 1]!.section === section) neighbour = own[unit - 1]!;
    const next = unit + 1;
    if (!record && next < unitCount && units[next]!.section === section) {
      neighbour = Math.max(neighbour, own[next]!);
    }
    // Meaning counts for what the section's words miss: in full for a section that shares
    // no query term, not at all for the section with the most.
    const meaningPart = meaning
      ? tuning.meaningWeight * meaning[section]! * (1 - sectionScore[section]!)
      : 0;
    const sectionPart =
      shares[unit]! *
      (tuning.sectionWeight * sectionScore[section]! +
        tuning.titleWeight * titleScore[section]! +
        meaningPart);
    if (sectionParts) sectionParts[unit] = sectionPart;
    scores[unit] = own[unit]! + tuning.neighborWeight * neighbour + sectionPart;
    if (features) {
      features.values.neighbour[unit] = neighbour;
      features.values.section[unit] = shares[unit]! * sectionScore[section]!;
      features.values.title[unit] = shares[unit]! * titleScore[section]!;
    }
  }
  return scores;
}

/** The parts of the scores, before their weights, when the weight fit asks (unit-features.ts). */
function featuresOf(
  units: Segmentation['units'],
  unitScore: Float64Array,
  proximity: Float64Array,
): UnitFeatures | undefined {
  if (!featureSink.on) return undefined;
  const values = Object.fromEntries(
    FEATURE_NAMES.map((name) => [name, new Float64Array(units.length)]),
  ) as UnitFeatures['values'];
  values.unit.set(unitScore);
  values.proximity.set(proximity);
  featureSink.last = { units, values };
  return featureSink.last;
}
