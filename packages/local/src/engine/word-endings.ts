/**
 * The letters a stem keeps at least, in the stemmers that strip endings or a letter in
 * front (Arabic's one-letter proclitics and its "و", Greek, Russian, Turkish): one rule,
 * set once. Dev, 2x / 4x / 10x: XQuAD ru 98.4 / 95.3 / 84.3% at 4 against 98.9 / 95.8 /
 * 85.6% at 3; TQuAD 98.3 / 92.5 / 82.8% at 2, 98.3 / 93.6 / 83.3% at 3, 98.1 / 92.8 / 81.1%
 * at 4.
 */
export const MIN_ROOT = 3;

/**
 * The root rule of the stemmers whose stems must keep a vowel (Greek, Russian): `MIN_ROOT`
 * letters, one of them in `vowels`.
 */
export function rootWithVowel(vowels: RegExp): (root: string) => boolean {
  return (root) => isRoot(root) && vowels.test(root);
}

/** The root rule itself: `root` keeps `MIN_ROOT` letters at least. */
export function isRoot(root: string): boolean {
  return root.length >= MIN_ROOT;
}

/**
 * `word` less the first of `endings` it ends with whose removal `keeps` accepts (given
 * what is left), or `word` itself when there is none. With the endings listed longest
 * first, the longest ending that leaves a root long enough goes; a shorter one is tried
 * when a longer one would leave too little. The light stemmers of Arabic, English, Greek,
 * Hindi, Korean and Russian strip one ending this way, each with its own list and its own
 * rule for the root.
 */
export function stripEnding(
  word: string,
  endings: readonly string[],
  keeps: (root: string, ending: string) => boolean,
): string {
  for (const ending of endings) {
    if (!word.endsWith(ending)) continue;
    const root = word.slice(0, word.length - ending.length);
    if (keeps(root, ending)) return root;
  }
  return word;
}
