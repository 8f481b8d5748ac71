import { MIN_MESSAGE_PARAGRAPHS } from './block-cuts.ts';
import type { Segmentation } from './segment.ts';
import { isStopWord, stem } from './terms.ts';
import type { UnitIndex } from './unit-index.ts';
import { wordsOf } from './word-scanner.ts';
import type { WordVectorTable } from './word-vector-file.ts';
import { rankWeight, textVector, wordVectors } from './word-vectors.ts';

/**
 * How close in meaning each section (a passage, a heading's section) is to the query, by
 * the shipped English word vectors (word-vectors.ts): the cosine of the section's
 * frequency-weighted mean word vector with the query's, rescaled over the sections so that
 * the closest scores 1 and the sections at or below the `FLOOR_QUANTILE` of them 0. It
 * ranks a passage that answers in other words ("The series was released on April 13,
 * 2018, on Netflix." for "when does the new season of lost in space come out"); the
 * lexical scores then pick its sentence. Passages retrieved for one question all sit close
 * to it (cosines of 0.6 to 0.8), so only the few closest count.
 *
 * Undefined where the table does not read the text: a context or a query of another
 * language than English, a context of one section, a conversation whose messages hold no
 * passages (its messages are scored as turns), or a repeat of the query alone among
 * sections without vectors. In a conversation only the passages a message holds count.
 */

/** Each stem of the table's words, to the row of its most frequent word ("releas": "release"). */
let stemRows: Map<string, number> | undefined;

function rowsByStem(vectors: WordVectorTable): Map<string, number> {
  if (stemRows) return stemRows;
  stemRows = new Map();
  for (const [word, row] of vectors.rows) {
    const term = stem(word);
    const known = stemRows.get(term);
    if (known === undefined || row < known) stemRows.set(term, row);
  }
  return stemRows;
}

/**
 * The share of a text's words (of its first SAMPLE_WORDS) whose stem the table holds, for
 * the text to be read as English: dev contexts, XQuAD en 0.82 to 0.95 against XQuAD es
 * 0.39 to 0.56 and de 0.23 to 0.50, Turkish 0.10 to 0.21, Vietnamese 0.07 to 0.12, the
 * other scripts' sets under 0.17.
 */
const MIN_TEXT_SHARE = 0.7;
const SAMPLE_WORDS = 5000;
/**
 * The same share of the query's content words: a question of names and numbers the table
 * does not hold gets no vector worth comparing. Dev, NQ passages only, 2x / 4x / 10x: 0.5
 * 96.2 / 92.2 / 85.8%, 0.65 96.2 / 92.2 / 86.0%, 0.8 96.2 / 92.2 / 86.6%, 1 95.4 / 91.0 /
 * 86.4%.
 */
const MIN_QUERY_SHARE = 0.8;
/** Sections at or below this quantile of the similarities get nothing. */
// Dev, NQ passages only, 2x / 4x / 10x, weight 2: 0.5 97.2 / 93.4 / 85.0%, 0.8 96.2 /
// 92.2 / 86.6%, 0.9 95.0 / 91.4 / 87.0% (words only: 94.4 / 90.0 / 86.4%).
const FLOOR_QUANTILE = 0.8;

function knownShare(words: readonly string[], rows: ReadonlyMap<string, number>): number {
  let known = 0;
  for (const word of words) if (rows.has(word)) known++;
  return words.length === 0 ? 0 : known / words.length;
}

/** The query's vector (of its content words), or undefined when the table does not read it. */
function queryVector(query: string, { rows }: WordVectorTable): Float32Array | undefined {
  const content = wordsOf(query)
    .map((word) => word.toLowerCase())
    .filter((word) => !isStopWord(stem(word)));
  if (knownShare(content, rows) < MIN_QUERY_SHARE) return undefined;
  return textVector(content);
}

/**
 * In a conversation, the sections of the messages that hold passages (a retrieval prompt's
 * system message: its opening and two passages or more, as block-cuts.ts finds them); a
 * message that is one section is a turn, scored as one (compress-turns.ts).
 */
function passagesInMessages(sections: Segmentation['sections']): Uint8Array {
  const perMessage = new Map<number, number>();
  for (const { message } of sections) perMessage.set(message, (perMessage.get(message) ?? 0) + 1);
  return Uint8Array.from(sections, ({ message }) =>
    (perMessage.get(message) ?? 0) >= MIN_MESSAGE_PARAGRAPHS ? 1 : 0,
  );
}

/** `echoes` marks the units that repeat the query (query-echoes.ts): they set no scale. */
export function sectionMeaning(
  query: string,
  segmentation: Segmentation,
  index: UnitIndex,
  echoes?: Uint8Array,
): Float64Array | undefined {
  const { units, sections, labelUnits } = segmentation;
  if (sections.length < 2 || index.language !== undefined) return undefined;
  const eligible = labelUnits.length > 1 ? passagesInMessages(sections) : undefined;
  if (eligible && !eligible.includes(1)) return undefined;
  const vectors = wordVectors();
  const q = vectors && queryVector(query, vectors);
  if (!vectors || !q) return undefined;
  const { dimensions, data } = vectors;
  const byStem = rowsByStem(vectors);
  // Each term's row (-1 for a term the table does not hold) and weight (as textVector
  // weighs a word); a stop word keeps its row for the share below but weighs nothing.
  const rowOf = new Int32Array(index.termCount).fill(-1);
  const weightOf = new Float32Array(index.termCount);
  for (const [term, id] of index.termIds) {
    const row = byStem.get(term);
    if (row === undefined) continue;
    rowOf[id] = row;
    if (!index.stop[id]) weightOf[id] = rankWeight(row);
  }
  const { words, offsets } = index;
  const sampled = Math.min(words.length, SAMPLE_WORDS);
  let known = 0;
  for (let position = 0; position < sampled; position++) if (rowOf[words[position]!]! >= 0) known++;
  if (known < MIN_TEXT_SHARE * sampled) return undefined;
  const sums = new Float32Array(sections.length * dimensions);
  for (let unit = 0; unit < units.length; unit++) {
    const section = units[unit]!.section;
    if (eligible && !eligible[section]) continue;
    const base = section * dimensions;
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const term = words[position]!;
      const weight = weightOf[term]!;
      if (weight === 0) continue;
      const row = rowOf[term]!;
      const offset = row * dimensions;
      for (let d = 0; d < dimensions; d++) sums[base + d]! += weight * data[offset + d]!;
    }
  }
  const echoSections = new Uint8Array(sections.length);
  if (echoes)
    for (let unit = 0; unit < units.length; unit++) {
      if (echoes[unit]) echoSections[units[unit]!.section] = 1;
    }
  let qNorm = 0;
  for (let d = 0; d < dimensions; d++) qNorm += q[d]! * q[d]!;
  qNorm = Math.sqrt(qNorm);
  const similarity = new Float64Array(sections.length);
  const counted: number[] = [];
  for (let section = 0; section < sections.length; section++) {
    if (eligible && !eligible[section]) continue;
    const base = section * dimensions;
    let dot = 0;
    let norm = 0;
    for (let d = 0; d < dimensions; d++) {
      dot += sums[base + d]! * q[d]!;
      norm += sums[base + d]! * sums[base + d]!;
    }
    if (norm === 0) continue;
    similarity[section] = dot / (Math.sqrt(norm) * qNorm);
    if (!echoSections[section]) counted.push(similarity[section]!);
  }
  if (counted.length < 2) return undefined;
  counted.sort((a, b) => a - b);
  const floor = counted[Math.floor((counted.length - 1) * FLOOR_QUANTILE)]!;
  const best = counted[counted.length - 1]!;
  if (best <= floor) return undefined;
  for (let section = 0; section < sections.length; section++) {
    const value = similarity[section]!;
    similarity[section] = value <= floor ? 0 : Math.min(1, (value - floor) / (best - floor));
  }
  return similarity;
}
