/**
 * A hand-written scanner for words, for speed on long inputs: no regular expression,
 * no string per word. A word is a run of digits, or capitals followed by small
 * letters, or capitals alone, so camel case splits at its capitals (`retryDelay` is
 * "retry" and "delay"). The scan also hashes the lower-cased word twice (FNV-1a and a
 * multiplicative hash), which serves as its identity in a hash table.
 */

const NONE = 0;
const SMALL = 1;
const CAPITAL = 2;
const DIGIT = 3;
const UNKNOWN = 255;

const classes = new Uint8Array(65_536).fill(UNKNOWN);
const lowerCase = new Uint16Array(65_536);

function learn(code: number): number {
  const character = String.fromCharCode(code);
  let kind = NONE;
  if (code >= 0xd800 && code <= 0xdfff) kind = SMALL;
  else if (/[\p{Lu}\p{Lt}]/u.test(character)) kind = CAPITAL;
  else if (/[\p{L}\p{M}]/u.test(character)) kind = SMALL;
  else if (/\p{N}/u.test(character)) kind = DIGIT;
  classes[code] = kind;
  lowerCase[code] = character.toLowerCase().charCodeAt(0);
  return kind;
}

for (let code = 0; code < 128; code++) learn(code);

/** Where the last word found lies, and its hashes. */
export interface WordMatch {
  start: number;
  end: number;
  hashA: number;
  hashB: number;
}

/** Finds the next word in `[from, limit)`; false when there is none. */
export function nextWord(text: string, from: number, limit: number, match: WordMatch): boolean {
  let index = from;
  let kind = NONE;
  while (index < limit) {
    const code = text.charCodeAt(index);
    kind = classes[code]!;
    if (kind === UNKNOWN) kind = learn(code);
    if (kind !== NONE) break;
    index++;
  }
  if (index >= limit) return false;
  match.start = index;
  let hashA = 0x811c9dc5;
  let hashB = 0;
  if (kind === DIGIT) {
    while (index < limit) {
      const code = text.charCodeAt(index);
      let current = classes[code]!;
      if (current === UNKNOWN) current = learn(code);
      if (current !== DIGIT) break;
      hashA = Math.imul(hashA ^ code, 0x01000193);
      hashB = (Math.imul(hashB, 31) + code) | 0;
      index++;
    }
  } else {
    let phase = kind;
    while (index < limit) {
      const code = text.charCodeAt(index);
      let current = classes[code]!;
      if (current === UNKNOWN) current = learn(code);
      // Capitals may only come before the small letters.
      if (current === CAPITAL ? phase !== CAPITAL : current !== SMALL) break;
      phase = current;
      const lower = lowerCase[code]!;
      hashA = Math.imul(hashA ^ lower, 0x01000193);
      hashB = (Math.imul(hashB, 31) + lower) | 0;
      index++;
    }
  }
  match.end = index;
  match.hashA = hashA;
  match.hashB = hashB;
  return true;
}

/** The words of a short text, lower-cased. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  const match: WordMatch = { start: 0, end: 0, hashA: 0, hashB: 0 };
  for (let from = 0; nextWord(text, from, text.length, match); from = match.end) {
    words.push(text.slice(match.start, match.end).toLowerCase());
  }
  return words;
}
