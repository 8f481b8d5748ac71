import { AdjacentPairs, groupsNames } from './name-groups.ts';
import type { QueryTerms } from './query-terms.ts';
import type { Segmentation } from './segment.ts';
import { termsOf } from './terms.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * The raw relevance signals of a query, in two passes over the words and in memory
 * linear in units plus sections times query terms: BM25 of each unit (units as the
 * documents), BM25 of each section (sections as the documents), the weight of the
 * query terms each section's heading holds, and a proximity score per unit (pairs of
 * different query terms, weighted by the rarer term's IDF over their distance).
 */
export interface Bm25Signals {
  unit: Float64Array;
  proximity: Float64Array;
  section: Float64Array;
  title: Float64Array;
}

export interface Bm25Options {
  k1: number;
  b: number;
}

function idfOf(total: number, containing: number): number {
  return Math.log(1 + (total - containing + 0.5) / (containing + 0.5));
}

function saturate(frequency: number, norm: number, k1: number): number {
  return (frequency * (k1 + 1)) / (frequency + norm);
}

export function bm25Signals(
  segmentation: Segmentation,
  index: UnitIndex,
  terms: QueryTerms,
  { k1, b }: Bm25Options,
): Bm25Signals {
  const { units, sections } = segmentation;
  const { words, offsets } = index;
  const { slotOf, count: slots } = terms;
  const sectionFrequency = new Float64Array(sections.length * slots);
  const sectionLength = new Float64Array(sections.length);
  const unitsContaining = new Float64Array(slots);
  const lastUnit = new Int32Array(slots).fill(-1);
  // Only where nothing marks a name, or where a space parts syllables (name-groups.ts).
  const pairs = slots > 1 && groupsNames(index) ? new AdjacentPairs(slots) : undefined;
  for (let unit = 0; unit < units.length; unit++) {
    const section = units[unit]!.section;
    sectionLength[section]! += offsets[unit + 1]! - offsets[unit]!;
    let before = -1;
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const slot = slotOf[words[position]!]!;
      if (pairs && slot >= 0 && before >= 0 && before !== slot) pairs.note(unit, before, slot);
      before = slot;
      if (slot < 0) continue;
      if (lastUnit[slot] !== unit) {
        lastUnit[slot] = unit;
        unitsContaining[slot]!++;
      }
      sectionFrequency[section * slots + slot]!++;
    }
  }
  const idf = unitsContaining.map((containing) => idfOf(units.length, containing));
  // The words of one name weigh once (name-groups.ts): `best` holds a group's best part.
  const group = pairs?.groups(unitsContaining);
  const best = new Float64Array(slots);

  const unitScore = new Float64Array(units.length);
  const proximity = new Float64Array(units.length);
  const title = new Float64Array(sections.length);
  const frequency = new Float64Array(slots);
  const averageLength = words.length / Math.max(1, units.length);
  for (let unit = 0; unit < units.length; unit++) {
    let previousSlot = -1;
    let previousPosition = 0;
    let touched = false;
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const slot = slotOf[words[position]!]!;
      if (slot < 0) continue;
      frequency[slot]!++;
      touched = true;
      const sameName = group !== undefined && group[previousSlot] === group[slot];
      if (previousSlot >= 0 && previousSlot !== slot && !sameName) {
        proximity[unit]! +=
          Math.min(idf[slot]!, idf[previousSlot]!) / (position - previousPosition);
      }
      previousSlot = slot;
      previousPosition = position;
    }
    if (!touched) continue;
    const length = offsets[unit + 1]! - offsets[unit]!;
    const norm = k1 * (1 - b + (b * length) / Math.max(1, averageLength));
    const section = units[unit]!.section;
    const isHeader = sections[section]!.header === unit;
    let score = 0;
    for (let slot = 0; slot < slots; slot++) {
      if (frequency[slot] === 0) continue;
      const part = idf[slot]! * saturate(frequency[slot]!, norm, k1);
      if (group) best[group[slot]!] = Math.max(best[group[slot]!]!, part);
      else score += part;
      if (isHeader) title[section]! += idf[slot]!;
      frequency[slot] = 0;
    }
    if (group) {
      for (let slot = 0; slot < slots; slot++) {
        score += best[slot]!;
        best[slot] = 0;
      }
    }
    unitScore[unit] = score;
  }

  // A title that opens its passage inside the first sentence (`<doc title="t">Text`, where
  // the tag shares a token with the first word) has no heading unit: its words weigh here.
  for (let section = 0; section < sections.length; section++) {
    const { header, title: name } = sections[section]!;
    if (header >= 0 || name === '') continue;
    const seen = new Set<number>();
    for (const term of termsOf(name, index.language)) {
      const id = index.termIds.get(term);
      const slot = id === undefined ? -1 : slotOf[id]!;
      if (slot < 0 || seen.has(slot)) continue;
      seen.add(slot);
      title[section]! += idf[slot]!;
    }
  }

  const sectionScore = documentScores(sectionFrequency, sectionLength, slots, { k1, b });
  return { unit: unitScore, proximity, section: sectionScore, title };
}

/**
 * BM25 of each of a set of documents (sections, a conversation's scenes) against the query:
 * `frequency` holds each document's count of each query-term slot (documents × slots), and
 * `length` each document's words; the IDF is over these documents.
 */
export function documentScores(
  frequency: Float64Array,
  length: Float64Array,
  slots: number,
  { k1, b }: Bm25Options,
): Float64Array {
  const documents = length.length;
  const containing = new Float64Array(slots);
  for (let cell = 0; cell < frequency.length; cell++) {
    if (frequency[cell]! > 0) containing[cell % slots]!++;
  }
  const idf = containing.map((count) => idfOf(documents, count));
  let totalLength = 0;
  for (const value of length) totalLength += value;
  const average = totalLength / Math.max(1, documents);
  const scores = new Float64Array(documents);
  for (let document = 0; document < documents; document++) {
    const norm = k1 * (1 - b + (b * length[document]!) / Math.max(1, average));
    let score = 0;
    for (let slot = 0; slot < slots; slot++) {
      const inDocument = frequency[document * slots + slot]!;
      if (inDocument > 0) score += idf[slot]! * saturate(inDocument, norm, k1);
    }
    scores[document] = score;
  }
  return scores;
}
