import { ablated } from './ablation.ts';
import { isArabicLetter, sameBehindProclitic } from './arabic-terms.ts';
import { isHangulSyllable } from './korean-terms.ts';
import { numberWords } from './number-words.ts';
import { relationWords } from './relation-words.ts';
import { isStopWord, termsOf } from './terms.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * The query's content terms as slots, each slot matching one or more terms of the
 * context: the term itself; a longer or shorter form sharing a long prefix
 * ("taxonomic" and "taxonomy", "sweetness" and "sweet"); two query words written
 * together in the context ("day light" and "daylight"); the same Arabic word with and
 * without a one-letter preposition written onto it ("لمصر" and "مصر", arabic-terms.ts);
 * the words that state the same relation ("birth" and "born", relation-words.ts); and the
 * words of a number written in digits ("8" and "eighth", number-words.ts).
 */
export interface QueryTerms {
  /** Query term slot by term id, -1 for the rest. */
  slotOf: Int32Array;
  count: number;
}

/** Shared prefixes shorter than this do not make two terms one. */
// Whole dev, 2026-11-25, 2x / 4x / 10x: at 4, two-hop titled 61.8 -> 55.9% at 10x (2 of 34),
// multi-hop large title line 76.3 / 56.7 / 31.3 -> 75.4 / 55.3 / 30.4%; at 6, XQuAD ru 83.0 ->
// 81.0% and multi-hop 76 -> 74% at 10x, NQ `[i] t:` 97.6 -> 96.8% at 4x.
const MIN_SHARED_PREFIX = 5;
// Kept from before; with the shared opening now allowed on both sides, XQuAD dev at 4x: ru 87.3 to
// 92.2%, de 91.5 to 93.3%, es 95.9 to 96.9%, en 95.9 to 95.3% (the only loss).
const MAX_EXTRA_LETTERS = 4;
// KorQuAD dev, 2x / 4x / 10x: 97.7 / 91.4 / 72.6% without, 98.8 / 94.0 / 74.9% with 2 and 3;
// 3 shared syllables 97.7 / 92.1 / 72.8%, 2 or 4 extra within 0.5 points of 3.
const MIN_SHARED_SYLLABLES = 2;
const MAX_EXTRA_SYLLABLES = 3;
/** Query terms beyond this many are ignored. */
const MAX_QUERY_TERMS = 64;

/**
 * Two forms of one word: they share a prefix of at least `MIN_SHARED_PREFIX` letters and
 * neither goes on for more than `MAX_EXTRA_LETTERS` after it, so inflected languages
 * match their cases ("москвы" and "москве", "Regierung" and "Regierungen") as English
 * matches its derivations.
 */
function sharesForm(a: string, b: string): boolean {
  // ARCD dev, 2x / 4x / 10x: 92.8 / 81.0 / 57.2% without, 93.1 / 81.6 / 58.3% with.
  if (isArabicLetter(a.charCodeAt(0)) && sameBehindProclitic(a, b)) return true;
  // A Hangul syllable is two or three letters: Korean words share a shorter opening.
  const hangul = isHangulSyllable(a.charCodeAt(0));
  const minShared = hangul ? MIN_SHARED_SYLLABLES : MIN_SHARED_PREFIX;
  const maxExtra = hangul ? MAX_EXTRA_SYLLABLES : MAX_EXTRA_LETTERS;
  if (a.length < minShared || b.length < minShared) return false;
  let shared = 0;
  const limit = Math.min(a.length, b.length);
  while (shared < limit && a.charCodeAt(shared) === b.charCodeAt(shared)) shared++;
  return shared >= minShared && a.length - shared <= maxExtra && b.length - shared <= maxExtra;
}

export function queryTerms(
  query: string,
  index: UnitIndex,
  variants: boolean,
): QueryTerms | undefined {
  const slotOf = new Int32Array(index.termCount).fill(-1);
  // A query is a question, not a document: its first terms are enough, and the
  // vocabulary scan below is linear in their number.
  const content = [
    ...new Set(termsOf(query, index.language).filter((term) => !isStopWord(term, index.language))),
  ].slice(0, MAX_QUERY_TERMS);
  const wanted: string[][] = content.map((term) => [term]);
  if (variants) {
    // A query word the context writes apart ("superbowl", "super bowl") was split into
    // parts of 3 letters at least; without that (whole dev, 2026-11-26, 2x / 4x / 10x) no
    // set moved by a point (XQuAD de 97.9 / 94.1 / 83.0 -> 97.7 / 94.0 / 82.7%, REALTALK with
    // the question 89.8 / 79.2 -> 89.4 / 78.7% at 4x / 10x), so it was removed.
    for (let at = 0; at + 1 < content.length; at++) wanted.push([content[at]! + content[at + 1]!]);
  }
  let count = 0;
  const slotOfTerm = new Map<string, number>();
  for (const [term] of wanted) {
    const id = index.termIds.get(term!);
    if (id === undefined || slotOf[id]! >= 0) continue;
    slotOfTerm.set(term!, count);
    slotOf[id] = count++;
  }
  if (variants && !ablated.has('relation-words')) {
    // A relation word, or the word of a number the query writes in digits
    // (number-words.ts), shares its query term's slot; when the context lacks the query's
    // own word, the first of its relation words found takes a slot for the group.
    for (const term of content) {
      let slot = slotOfTerm.get(term);
      for (const related of [...relationWords(term), ...numberWords(term)]) {
        const id = index.termIds.get(related);
        if (id === undefined || slotOf[id]! >= 0 || index.stop[id]) continue;
        if (slot === undefined) {
          slot = count++;
          slotOfTerm.set(term, slot);
        }
        slotOf[id] = slot;
      }
    }
  }
  if (variants) {
    // A query term the context lacks in its own form still finds its other forms.
    const forms = new Map(slotOfTerm);
    for (const term of content) if (!forms.has(term)) forms.set(term, -1);
    for (const [term, id] of index.termIds) {
      if (slotOf[id]! >= 0 || index.stop[id] || term.length < MIN_SHARED_SYLLABLES) continue;
      for (const [wantedTerm, slot] of forms) {
        if (!sharesForm(term, wantedTerm)) continue;
        if (slot < 0) forms.set(wantedTerm, count);
        slotOf[id] = slot < 0 ? count++ : slot;
        break;
      }
    }
  }
  return count > 0 ? { slotOf, count } : undefined;
}
