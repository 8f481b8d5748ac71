import type { Unit } from './segment.ts';
import { isStopWord, stem, WORD } from './terms.ts';

/**
 * The words of every unit as term ids, built in one pass over the text. A surface
 * form is lower-cased and stemmed once, however often it occurs.
 */
export interface UnitIndex {
  /** The term id of every word, unit after unit. */
  words: Int32Array;
  /** The words of unit `u` are `words[offsets[u]]` up to `words[offsets[u + 1]]`. */
  offsets: Int32Array;
  /** Term id by stemmed term. */
  termIds: Map<string, number>;
  /** 1 for a stop word, by term id. */
  stop: Uint8Array;
  termCount: number;
}

export function indexUnits(text: string, units: readonly Unit[]): UnitIndex {
  const surfaces = new Map<string, number>();
  const termIds = new Map<string, number>();
  const stopList: number[] = [];
  let words = new Int32Array(Math.ceil(text.length / 5) + 16);
  const offsets = new Int32Array(units.length + 1);
  let count = 0;
  let unit = 0;
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    while (unit < units.length && match.index >= units[unit]!.end) offsets[++unit] = count;
    const surface = match[0];
    let id = surfaces.get(surface);
    if (id === undefined) {
      const term = stem(surface.toLowerCase());
      id = termIds.get(term);
      if (id === undefined) {
        id = termIds.size;
        termIds.set(term, id);
        stopList.push(isStopWord(term) ? 1 : 0);
      }
      surfaces.set(surface, id);
    }
    if (count === words.length) {
      const grown = new Int32Array(words.length * 2);
      grown.set(words);
      words = grown;
    }
    words[count++] = id;
  }
  while (unit < units.length) offsets[++unit] = count;
  return {
    words: words.subarray(0, count),
    offsets,
    termIds,
    stop: Uint8Array.from(stopList),
    termCount: termIds.size,
  };
}
