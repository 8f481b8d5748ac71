/**
 * Romanian writes ș and ț with a comma below (U+0219, U+021B), but older encodings had
 * only the cedilla forms ş and ţ (U+015F, U+0163), and much text, keyboards and fonts still
 * write those: "Mureș" and "Mureş" are one word. Both are read as the cedilla form, which
 * Turkish writes too (its stemmer's suffixes are spelt with it), with either mark written
 * apart (U+0326, U+0327) as well. Capitals are lower-cased before.
 */

const MARKED = /\u0219|\u021b|\u0326|\u0327/;

/** A lower-cased Latin word with ș and ț read as ş and ţ. */
export function foldRomanianCommas(word: string): string {
  if (!MARKED.test(word)) return word;
  return word
    .replace(/\u0219|s[\u0326\u0327]/g, '\u015f')
    .replace(/\u021b|t[\u0326\u0327]/g, '\u0163');
}
