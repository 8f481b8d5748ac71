/**
 * o200k_base's pre-tokenization, re-done by hand for speed: the tokenizer first cuts
 * text into chunks with a regular expression and encodes each chunk on its own. This
 * finds the same chunk ends without a regular expression or a string per chunk.
 * Property tests (chunk-counter.test.ts) compare the counts built on it with the
 * tokenizer's own.
 *
 * The expression, alternative by alternative (the first that matches wins):
 *   A  [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+ contraction?
 *   B  [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]* contraction?
 *   C  \p{N}{1,3}
 *   D  ' '?[^\s\p{L}\p{N}]+[\r\n/]*
 *   E  \s*[\r\n]+
 *   F  \s+(?!\S)
 *   G  \s+
 * where a contraction is 's 'd 'm 't 'll 've 're in either case.
 */

const OTHER = 0;
const SMALL = 1; // Ll
const CAPITAL = 2; // Lu Lt
const LETTER = 3; // Lm Lo: on both sides of A and B
const MARK = 4; // M: on both sides of A and B, yet not \p{L} for the prefix and D
const NUMBER = 5; // N
const SPACE = 6; // \s other than line breaks
const BREAK = 7; // \r \n
const UNKNOWN = 255;

const bmpClasses = new Uint8Array(65_536).fill(UNKNOWN);
const astralClasses = new Map<number, number>();

function classify(codePoint: number): number {
  const character = String.fromCodePoint(codePoint);
  if (codePoint === 10 || codePoint === 13) return BREAK;
  if (/\s/u.test(character)) return SPACE;
  if (/\p{Ll}/u.test(character)) return SMALL;
  if (/[\p{Lu}\p{Lt}]/u.test(character)) return CAPITAL;
  if (/[\p{Lm}\p{Lo}]/u.test(character)) return LETTER;
  if (/\p{M}/u.test(character)) return MARK;
  if (/\p{N}/u.test(character)) return NUMBER;
  return OTHER;
}

/** Position state of the scanner: the class and width of the code point last read. */
let width = 1;

/** The class of the code point at `index` (before `end`); sets `width`. */
function classAt(text: string, index: number, end: number): number {
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff || index + 1 >= end) {
    width = 1;
    let kind = bmpClasses[code]!;
    if (kind === UNKNOWN) {
      // A lone surrogate is a code point of its own (category Cs).
      kind = code >= 0xd800 && code <= 0xdfff ? OTHER : classify(code);
      bmpClasses[code] = kind;
    }
    return kind;
  }
  const low = text.charCodeAt(index + 1);
  if (low < 0xdc00 || low > 0xdfff) {
    width = 1;
    return OTHER;
  }
  width = 2;
  const codePoint = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  let kind = astralClasses.get(codePoint);
  if (kind === undefined) {
    kind = classify(codePoint);
    astralClasses.set(codePoint, kind);
  }
  return kind;
}

function isUpperSide(kind: number): boolean {
  return kind === CAPITAL || kind === LETTER || kind === MARK;
}

function isLowerSide(kind: number): boolean {
  return kind === SMALL || kind === LETTER || kind === MARK;
}

function isLetterLike(kind: number): boolean {
  return kind >= SMALL && kind <= MARK;
}

/** The end of an optional contraction at `index`. */
function contraction(text: string, index: number, end: number): number {
  if (index + 1 >= end || text.charCodeAt(index) !== 39) return index;
  const first = text.charCodeAt(index + 1) | 0x20;
  if (first === 0x73 || first === 0x64 || first === 0x6d || first === 0x74) return index + 2;
  if (index + 2 >= end) return index;
  const second = text.charCodeAt(index + 2) | 0x20;
  if (
    (first === 0x6c && second === 0x6c) ||
    ((first === 0x76 || first === 0x72) && second === 0x65)
  ) {
    return index + 3;
  }
  return index;
}

/** A and B from `index`, where a letter-like code point starts. */
function letters(text: string, index: number, end: number): number {
  let upper = index;
  let lastLower = -1;
  let kind = OTHER;
  while (upper < end) {
    kind = classAt(text, upper, end);
    if (!isUpperSide(kind)) break;
    upper += width;
    if (isLowerSide(kind)) lastLower = upper;
  }
  if (upper < end && isLowerSide(kind)) {
    let lower = upper;
    while (lower < end && isLowerSide(classAt(text, lower, end))) lower += width;
    return contraction(text, lower, end);
  }
  // A backs off to the last code point of the run that may close it; else B takes the run.
  return contraction(text, lastLower >= 0 ? lastLower : upper, end);
}

/** The end of the chunk that starts at `index`, reading `text` as if it ended at `end`. */
export function chunkEnd(text: string, index: number, end: number): number {
  const kind = classAt(text, index, end);
  const first = width;
  // A and B, with their one-character prefix when letters follow it.
  if (kind === SPACE || kind === OTHER || kind === MARK) {
    const next = index + first;
    if (next < end && isLetterLike(classAt(text, next, end))) return letters(text, next, end);
  }
  if (isLetterLike(kind)) return letters(text, index, end);
  // C: up to three digits.
  if (kind === NUMBER) {
    let digits = index + first;
    for (let count = 1; count < 3 && digits < end; count++) {
      if (classAt(text, digits, end) !== NUMBER) break;
      digits += width;
    }
    return digits;
  }
  // D: an optional space, then punctuation and symbols, then line breaks and slashes.
  let punctuation = kind === OTHER ? index : -1;
  if (kind === SPACE && text.charCodeAt(index) === 32 && index + 1 < end) {
    const next = classAt(text, index + 1, end);
    if (next === OTHER || next === MARK) punctuation = index + 1;
  }
  if (punctuation >= 0) {
    while (punctuation < end) {
      const current = classAt(text, punctuation, end);
      if (current !== OTHER && current !== MARK) break;
      punctuation += width;
    }
    while (punctuation < end) {
      const code = text.charCodeAt(punctuation);
      if (code !== 10 && code !== 13 && code !== 47) break;
      punctuation++;
    }
    return punctuation;
  }
  // White space: E up to its last line break, else F (all but the last) or G (all).
  let run = index;
  let lastBreak = -1;
  while (run < end) {
    const current = classAt(text, run, end);
    if (current !== SPACE && current !== BREAK) break;
    run += width;
    if (current === BREAK) lastBreak = run;
  }
  if (lastBreak >= 0) return lastBreak;
  if (run === end || run - index === 1) return run;
  return run - 1;
}
