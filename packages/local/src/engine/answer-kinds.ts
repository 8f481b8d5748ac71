/**
 * The kind of answer an English question asks for, and whether a sentence holds one of
 * that kind: a place ("where", "the place of death") is written "in Los Angeles" or "at
 * Balliol"; a date ("when", "the date of birth", "birthday") holds a year; a nationality
 * or country ("which country ... is from", "nationality") is written "was an American
 * director". In a two-hop question the passage the bridge reached states the answer in a
 * sentence that often shares no word with the question ("Dunlap died in Los Angeles in
 * 1970." for "the place of death"; "He was born in Rome, Italy." for "place of birth"
 * once another passage has said "born"): its kind is what marks it (section-coverage.ts).
 *
 * Dev, multi-hop large, 2x / 4x / 10x, bench layout 82.5 / 64.6 / 42.7 to 85.7 / 69.6 /
 * 43.6%, title lines 79.5 / 62.3 / 37.4 to 82.2 / 65.8 / 39.2% (places alone: 85.1 / 67.8 /
 * 43.3%; dates cost as many questions at 4x as they gain, and gain 6 more at 10x).
 * Another language's question asks for no kind here: its selection is unchanged.
 */
const KINDS: readonly { asks: RegExp; holds: RegExp }[] = [
  { asks: /\b(?:where|place)\b/i, holds: /\b(?:in|at) \p{Lu}/u },
  { asks: /\b(?:when|date|birthday|year)\b/i, holds: /\b(?:1\d{3}|20\d\d)\b/ },
  { asks: /\b(?:country|nationality)\b/i, holds: /\b(?:is|was) an? \p{Lu}/u },
];

/** A test of whether a sentence holds an answer of a kind `query` asks for; undefined when it asks for none. */
export function answerKindTest(query: string): ((sentence: string) => boolean) | undefined {
  const patterns = KINDS.filter(({ asks }) => asks.test(query)).map(({ holds }) => holds);
  if (patterns.length === 0) return undefined;
  return (sentence) => patterns.some((pattern) => pattern.test(sentence));
}
