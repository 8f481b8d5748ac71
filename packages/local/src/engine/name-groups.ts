import { ablated } from './ablation.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * The query's words that the text writes side by side, as one name: "رئال مادرید" (Real
 * Madrid), "فیلم فجر", "Denver Broncos". A question names its subject in full, and the
 * subject of an article is in most of its sentences, so BM25 summed over the name's words
 * counts the subject two or three times and a sentence naming it outranks the one holding
 * the word the question asks with ("لقب", nickname, "برگزار کننده", organiser). A group
 * weighs as its best word in a unit (bm25-signals.ts), once, and its words next to each
 * other are not a pair for the proximity signal.
 *
 * Only in a text whose letters are mostly of scripts without capitals (Arabic, Persian,
 * Chinese, Japanese, Korean, Thai: `isCaseless`, text-case.ts), as for the bridge pass:
 * nothing there marks a name, and the words written side by side are the one sign of it.
 * In cased text the question's names are read by their capitals (bridge-terms.ts), and
 * grouping there too kept less of XQuAD en (dev, 96.4 / 88.1 to 96.1 / 87.7% at 4x / 10x).
 * Vietnamese is cased but writes a space between the syllables of every word, not only of
 * names ("câu lạc bộ", club; "biệt danh", nickname), so its text is grouped too (dev,
 * Vietnamese Wikipedia QA, 2x / 4x / 10x: 99.7 / 97.2 / 83.7 to 99.7 / 97.7 / 84.9%; by
 * contexts in two halves, 10x: 200 to 200 and 133 to 138 of 235 and 163 kept).
 *
 * Two query slots are one group when they stand next to each other (no word between) in at
 * least NAME_SHARE of the units that hold the more frequent of the two, and in two units at
 * least: then the text uses them as one name, not as two words that meet by chance.
 */

/**
 * Dev, 2x / 4x / 10x, the engine alone, without groups → with: ARCD 94.0 / 83.9 / 61.5 →
 * 94.0 / 83.9 / 62.9%, PersianQA 100 / 93.2 / 76.5 → 100 / 92.6 / 78.0%; at 0.3, PersianQA
 * 77.1% at 10x; units holding both words anywhere (not side by side), at 0.5: ARCD 63.2%
 * at 10x but PersianQA 91.7% at 4x.
 */
export const NAME_SHARE = 0.5;

/** Whether the query's words are grouped into names in this text (see above). */
export function groupsNames({
  caseless,
  language,
}: Pick<UnitIndex, 'caseless' | 'language'>): boolean {
  return (caseless || language === 'vi') && !ablated.has('name-groups');
}

/** Counts, for each pair of query slots, the units where they stand side by side. */
export class AdjacentPairs {
  private readonly slots: number;
  private readonly together: Float64Array;
  private readonly lastUnit: Int32Array;

  constructor(slots: number) {
    this.slots = slots;
    this.together = new Float64Array(slots * slots);
    this.lastUnit = new Int32Array(slots * slots).fill(-1);
  }

  /** Slots `a` and `b` (different) stand side by side in `unit`. */
  note(unit: number, a: number, b: number): void {
    const pair = a < b ? a * this.slots + b : b * this.slots + a;
    if (this.lastUnit[pair] === unit) return;
    this.lastUnit[pair] = unit;
    this.together[pair]!++;
  }

  /**
   * Each slot's group (the lowest slot of its group), given how many units hold each slot;
   * undefined when no two slots are one name.
   */
  groups(containing: Float64Array): Int32Array | undefined {
    const { slots, together } = this;
    let group: Int32Array | undefined;
    const root = (slot: number): number => {
      let at = slot;
      while (group![at] !== at) at = group![at]!;
      return at;
    };
    for (let a = 0; a < slots; a++) {
      for (let b = a + 1; b < slots; b++) {
        const count = together[a * slots + b]!;
        if (count < 2 || count < NAME_SHARE * Math.max(containing[a]!, containing[b]!)) continue;
        group ??= Int32Array.from({ length: slots }, (_, slot) => slot);
        const [low, high] = [root(a), root(b)].sort((x, y) => x - y) as [number, number];
        group[high] = low;
      }
    }
    if (group) for (let slot = 0; slot < slots; slot++) group[slot] = root(slot);
    return group;
  }
}
