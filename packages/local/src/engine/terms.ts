/**
 * Words as the scorer sees them: lower-cased, with a light suffix stripping so that
 * "rivers" meets "river" and "founded" meets "found", and a stop-word list so that
 * "the" and "which" carry no weight.
 */

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from further ' +
    'had has have having he her here hers herself him himself his how i if in into is it its itself ' +
    'just me more most my myself no nor not now of off on once only or other our ours ourselves out ' +
    'over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours yourself yourselves also may might must ' +
    'shall us s t d ll m re ve get got one'
  ).split(' '),
);

/** Strips common English inflections; leaves short words and numbers alone. */
export function stem(word: string): string {
  const length = word.length;
  if (length <= 3) return word;
  if (word.endsWith("'s") || word.endsWith('’s')) return stem(word.slice(0, -2));
  if (word.endsWith('ies') && length > 4) return `${word.slice(0, -3)}y`;
  if (
    word.endsWith('sses') ||
    word.endsWith('xes') ||
    word.endsWith('ches') ||
    word.endsWith('shes')
  ) {
    return word.slice(0, -2);
  }
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) {
    return word.slice(0, -1);
  }
  if (word.endsWith('ing') && length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && length > 4) return word.slice(0, -2);
  return word;
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Letters and digits; an apostrophe inside a word is dropped with what follows it. */
export const WORD = /[\p{L}\p{N}]+/gu;

/** The lower-cased, stemmed words of a short text such as a query or a title. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of text.toLowerCase().matchAll(WORD)) terms.push(stem(word));
  return terms;
}
