/**
 * Where a text can be cut so that the token counts of the two sides add up to the
 * count of the whole.
 *
 * o200k_base first splits text with a regular expression into chunks and encodes each
 * chunk on its own, so counts add up across a cut that falls between two chunks. From
 * that expression: a chunk never holds a non-space character followed by a
 * horizontal space; a letter, digit or mark is never followed in its chunk by a line
 * break (only punctuation swallows the line breaks after it); and a line break is
 * followed in its chunk only by more white space or by `/`. Each chunk is matched
 * from its own start, looking ahead one character at most, so the text after such a
 * cut encodes exactly as it would alone.
 *
 * This lets the engine count the input once, unit by unit, and know the exact cost of
 * every unit and of any output made of whole units joined at safe cuts.
 */

const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;
const SPACE = /\s/;

function isLineBreak(character: string): boolean {
  return character === '\n' || character === '\r';
}

/** The rule of the module comment, for the last character before a cut and the first after. */
function isSafeBetween(last: string, first: string): boolean {
  if (isLineBreak(last)) return !SPACE.test(first) && first !== '/';
  if (SPACE.test(last)) return false;
  if (isLineBreak(first)) return LETTER_OR_DIGIT.test(last);
  return SPACE.test(first);
}

/** True when `before + after` has as many tokens as `before` and `after` apart. */
export function isSafeJoin(before: string, after: string): boolean {
  if (before.length === 0 || after.length === 0) return true;
  return isSafeBetween(before[before.length - 1]!, after[0]!);
}

/** True when cutting `text` at `index` keeps the token counts additive. */
export function isSafeCut(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return true;
  return isSafeBetween(text[index - 1]!, text[index]!);
}
