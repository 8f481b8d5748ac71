import type { Unit } from './segment.ts';
import { isStopWord, stem } from './terms.ts';
import { isCaseless } from './text-case.ts';
import { languageOf, type WordLanguage } from './text-language.ts';
import { nextWord, type WordMatch } from './word-scanner.ts';

/**
 * The words of every unit as term ids, built in one pass over the text. A word form is
 * recognised by its two hashes in an open-addressing table, so it is lower-cased and
 * stemmed once however often it occurs, and no string is made for a word seen before.
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
  /** The text's language where its script leaves it open: the rules its words were read by. */
  language: WordLanguage;
  /**
   * Whether most of the text's letters are of scripts without capitals (text-case.ts):
   * nothing there marks a name, so the words the text writes side by side tell one
   * (name-groups.ts).
   */
  caseless: boolean;
}

/** Word forms by their hashes: term id, or -1 for an empty slot. */
class FormTable {
  hashA = new Int32Array(1024);
  hashB = new Int32Array(1024);
  ids = new Int32Array(1024).fill(-1);
  size = 0;

  slot(hashA: number, hashB: number): number {
    const mask = this.ids.length - 1;
    let slot = (hashA ^ Math.imul(hashB, 0x9e3779b1)) & mask;
    while (this.ids[slot] !== -1 && (this.hashA[slot] !== hashA || this.hashB[slot] !== hashB)) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  add(slot: number, hashA: number, hashB: number, id: number): void {
    this.hashA[slot] = hashA;
    this.hashB[slot] = hashB;
    this.ids[slot] = id;
    if (++this.size * 2 > this.ids.length) this.grow();
  }

  private grow(): void {
    const { hashA, hashB, ids } = this;
    this.hashA = new Int32Array(ids.length * 2);
    this.hashB = new Int32Array(ids.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(-1);
    for (let old = 0; old < ids.length; old++) {
      if (ids[old] === -1) continue;
      const slot = this.slot(hashA[old]!, hashB[old]!);
      this.hashA[slot] = hashA[old]!;
      this.hashB[slot] = hashB[old]!;
      this.ids[slot] = ids[old]!;
    }
  }
}

export function indexUnits(text: string, units: readonly Unit[]): UnitIndex {
  const forms = new FormTable();
  const termIds = new Map<string, number>();
  const stopList: number[] = [];
  let words = new Int32Array(Math.ceil(text.length / 5) + 16);
  const offsets = new Int32Array(units.length + 1);
  const match: WordMatch = { start: 0, end: 0, hashA: 0, hashB: 0 };
  let count = 0;
  const language = languageOf(text);
  for (let unit = 0; unit < units.length; unit++) {
    const { start, end } = units[unit]!;
    for (let from = start; nextWord(text, from, end, match); from = match.end) {
      const slot = forms.slot(match.hashA, match.hashB);
      let id = forms.ids[slot]!;
      if (id === -1) {
        const term = stem(text.slice(match.start, match.end).toLowerCase(), language);
        id = termIds.get(term) ?? -1;
        if (id === -1) {
          id = termIds.size;
          termIds.set(term, id);
          stopList.push(isStopWord(term, language) ? 1 : 0);
        }
        forms.add(slot, match.hashA, match.hashB, id);
      }
      if (count === words.length) {
        const grown = new Int32Array(words.length * 2);
        grown.set(words);
        words = grown;
      }
      words[count++] = id;
    }
    offsets[unit + 1] = count;
  }
  return {
    words: words.subarray(0, count),
    offsets,
    termIds,
    stop: Uint8Array.from(stopList),
    termCount: termIds.size,
    language,
    caseless: isCaseless(text),
  };
}
