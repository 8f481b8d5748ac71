/**
 * The English words for a number a query writes in digits: its cardinal and its ordinal
 * ("8": "eight", "eighth"; a text's "8th" is read as "8" and "th", so the digits find it
 * already). A question typed into a search box writes "season 8" where the passage says
 * "The eighth season", and the number is often what tells one season's passage from the
 * others'. The query scorer lets the words stand for the digits, as it does for a
 * relation word (query-terms.ts).
 *
 * Digits only, not the other way, and not 1: "one" and "first" are most often no number
 * ("one of", "the first to"), so a query's "one" would match every date and score written
 * in digits, and its "Apollo 1" every "one of". Dev, 2x / 4x / 10x: both ways, NQ passages
 * only 86.6 -> 87.6% at 10x, but the titled layouts lost 2 or 3 questions of 500 at 10x
 * ("world war one", "the sixth president"); digits only, passages only 86.6 -> 87.2% and no
 * NQ layout loses an example, but 1 cost XQuAD en one question at 4x and 10x ("Apollo 1").
 *
 * The numbers written as one word: two to twenty, and the tens to ninety.
 */
const CARDINALS = [
  'two three four five six seven eight nine ten eleven twelve thirteen fourteen',
  'fifteen sixteen seventeen eighteen nineteen twenty',
]
  .join(' ')
  .split(' ');
const ORDINALS = [
  'second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth',
  'thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth',
]
  .join(' ')
  .split(' ');
const TENS = 'thirty forty fifty sixty seventy eighty ninety'.split(' ');
const TENTHS = 'thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth'.split(' ');

const WORDS = new Map<string, readonly string[]>();
for (let at = 0; at < CARDINALS.length; at++) {
  WORDS.set(String(at + 2), [CARDINALS[at]!, ORDINALS[at]!]);
}
for (let at = 0; at < TENS.length; at++) WORDS.set(String(30 + 10 * at), [TENS[at]!, TENTHS[at]!]);

/**
 * The words of the number a query term writes in digits (as termsOf gives it: "8" of
 * "8th" too), or none for any other term.
 */
export function numberWords(term: string): readonly string[] {
  return WORDS.get(term) ?? [];
}
