import type { Unit } from './segment.ts';
import { termsOf } from './terms.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * Not tuned: "When did it open?" is 4 words; a keyword query is usually fewer. At 0,
 * compress-edge-cases.test.ts loses the code line a two-word query names.
 */
const MIN_QUESTION_WORDS = 4;

/**
 * The units that repeat the query: a chat prompt often carries the question in its last
 * user message (or a `Question: ...` line) and asks the same question as the query. Such
 * a unit holds every query term and would set the scale of every relevance signal
 * (score-query.ts), so that the passages' scores shrink beside it, though it is no
 * evidence of where the answer is. A unit repeats a query of a question's length when
 * it holds the query's words in their order, one after another, and at most as many
 * words again. Undefined when no unit does; linear in the text's words.
 */
export function queryEchoes(
  units: readonly Unit[],
  index: UnitIndex,
  query: string,
): Uint8Array | undefined {
  const sequence: number[] = [];
  for (const term of termsOf(query, index.language)) {
    const id = index.termIds.get(term);
    // A query word the text never holds: no unit repeats the query.
    if (id === undefined) return undefined;
    sequence.push(id);
  }
  // A query of a few words is a search for them: a unit holding them is evidence.
  if (sequence.length < MIN_QUESTION_WORDS) return undefined;
  const { words, offsets } = index;
  let echoes: Uint8Array | undefined;
  for (let unit = 0; unit < units.length; unit++) {
    const from = offsets[unit]!;
    const to = offsets[unit + 1]!;
    if (to - from < sequence.length || to - from > 2 * sequence.length) continue;
    if (!holdsRun(words, from, to, sequence)) continue;
    echoes ??= new Uint8Array(units.length);
    echoes[unit] = 1;
  }
  return echoes;
}

/** Whether `words[from, to)` holds `sequence` as a run of consecutive words. */
function holdsRun(words: Int32Array, from: number, to: number, sequence: number[]): boolean {
  for (let start = from; start + sequence.length <= to; start++) {
    let at = 0;
    while (at < sequence.length && words[start + at] === sequence[at]) at++;
    if (at === sequence.length) return true;
  }
  return false;
}
