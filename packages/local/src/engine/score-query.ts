import { answerTypeOf, holdsAnswerType } from './answer-type.ts';
import { queryTerms } from './query-terms.ts';
import type { Segmentation } from './segment.ts';
import type { ScoringTuning } from './tuning.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * Relevance of every unit to a query: BM25 of the unit, BM25 of its section (a
 * document, a markdown section, a message), the query terms its section's title holds,
 * and how close together the query terms sit in the unit. Each signal is scaled to
 * its maximum so that the tuning weights compare like with like. Returns undefined
 * when no query term occurs in the context.
 */

function bm25Idf(total: number, frequency: number): number {
  return Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5));
}

function scaleToMax(values: Float64Array): Float64Array {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  if (max > 0) for (let i = 0; i < values.length; i++) values[i]! /= max;
  return values;
}

const PRONOUN_START =
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
  const { units, sections } = segmentation;
  const { words, offsets } = index;
  const slots = terms.count;
  const unitCount = units.length;
  // Term frequencies by unit and by section, plus a proximity score by unit.
  const unitFrequency = new Float64Array(unitCount * slots);
  const sectionFrequency = new Float64Array(sections.length * slots);
  const sectionLength = new Float64Array(sections.length);
  const proximity = new Float64Array(unitCount);
  const unitDocuments = new Float64Array(slots);
  const idf = new Float64Array(slots);
  const pairs: Array<[number, number, number]> = [];
  for (let unit = 0; unit < unitCount; unit++) {
    const section = units[unit]!.section;
    sectionLength[section]! += offsets[unit + 1]! - offsets[unit]!;
    let previousSlot = -1;
    let previousPosition = 0;
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const slot = terms.slotOf[words[position]!]!;
      if (slot < 0) continue;
      const cell = unit * slots + slot;
      if (unitFrequency[cell] === 0) unitDocuments[slot]!++;
      unitFrequency[cell]!++;
      sectionFrequency[section * slots + slot]!++;
      if (previousSlot >= 0 && previousSlot !== slot) {
        pairs.push([unit, previousSlot * slots + slot, position - previousPosition]);
      }
      previousSlot = slot;
      previousPosition = position;
    }
  }
  for (let slot = 0; slot < slots; slot++) idf[slot] = bm25Idf(unitCount, unitDocuments[slot]!);
  for (const [unit, pair, gap] of pairs) {
    const a = Math.floor(pair / slots);
    const b = pair % slots;
    proximity[unit]! += Math.min(idf[a]!, idf[b]!) / gap;
  }

  const { k1, b } = tuning;
  const unitScore = new Float64Array(unitCount);
  const averageLength = words.length / Math.max(1, unitCount);
  for (let unit = 0; unit < unitCount; unit++) {
    const length = offsets[unit + 1]! - offsets[unit]!;
    const norm = k1 * (1 - b + (b * length) / Math.max(1, averageLength));
    let score = 0;
    for (let slot = 0; slot < slots; slot++) {
      const frequency = unitFrequency[unit * slots + slot]!;
      if (frequency > 0) score += (idf[slot]! * frequency * (k1 + 1)) / (frequency + norm);
    }
    unitScore[unit] = score;
  }

  const sectionScore = new Float64Array(sections.length);
  const titleScore = new Float64Array(sections.length);
  const sectionDocuments = new Float64Array(slots);
  for (let section = 0; section < sections.length; section++) {
    for (let slot = 0; slot < slots; slot++) {
      if (sectionFrequency[section * slots + slot]! > 0) sectionDocuments[slot]!++;
    }
  }
  let totalSectionLength = 0;
  for (const length of sectionLength) totalSectionLength += length;
  const averageSection = totalSectionLength / Math.max(1, sections.length);
  for (let section = 0; section < sections.length; section++) {
    const norm = k1 * (1 - b + (b * sectionLength[section]!) / Math.max(1, averageSection));
    let score = 0;
    for (let slot = 0; slot < slots; slot++) {
      const frequency = sectionFrequency[section * slots + slot]!;
      const weight = bm25Idf(sections.length, sectionDocuments[slot]!);
      if (frequency > 0) score += (weight * frequency * (k1 + 1)) / (frequency + norm);
    }
    sectionScore[section] = score;
    const header = sections[section]!.header;
    if (header >= 0) {
      for (let slot = 0; slot < slots; slot++) {
        if (unitFrequency[header * slots + slot]! > 0) titleScore[section]! += idf[slot]!;
      }
    }
  }
  const answerType = answerTypeOf(query);
  if (answerType) {
    for (let unit = 0; unit < unitCount; unit++) {
      if (unitScore[unit]! <= 0) continue;
      const { start, end } = units[unit]!;
      if (holdsAnswerType(text.slice(start, end), answerType)) {
        unitScore[unit]! *= 1 + tuning.answerTypeWeight;
      }
    }
  }
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
    let inherited = 0;
    if (unit > 0 && units[unit - 1]!.section === section) {
      inherited = tuning.neighborWeight * own[unit - 1]!;
    }
    const next = unit + 1;
    if (next < unitCount && units[next]!.section === section) {
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
