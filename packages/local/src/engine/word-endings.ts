/**
 * `word` less the first of `endings` it ends with whose removal `keeps` accepts (given
 * what is left), or `word` itself when there is none. With the endings listed longest
 * first, the longest ending that leaves a root long enough goes; a shorter one is tried
 * when a longer one would leave too little. The light stemmers of Arabic, Korean and
 * Russian strip one ending this way, each with its own list and its own rule for the root.
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
