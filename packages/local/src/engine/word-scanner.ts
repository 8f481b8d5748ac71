import { isDevanagari } from './hindi-terms.ts';

/**
 * A hand-written scanner for words, for speed on long inputs: no regular expression,
 * no string per word. A word is a run of digits, or capitals followed by small
 * letters, or capitals alone, so camel case splits at its capitals (`retryDelay` is
 * "retry" and "delay"). The scan also hashes the lower-cased word twice (FNV-1a and a
 * multiplicative hash), which serves as its identity in a hash table.
 *
 * Scripts written without spaces between words (Thai, Lao, Khmer, Myanmar, Chinese,
 * Japanese) make a whole clause one run of letters: such a run, and only such a run, is
 * cut into words by `Intl.Segmenter` (ICU's dictionaries), so the cost of segmenting is
 * paid only where spaces do not tell the words.
 */

const NONE = 0;
const SMALL = 1;
const CAPITAL = 2;
const DIGIT = 3;
const UNKNOWN = 255;

const classes = new Uint8Array(65_536).fill(UNKNOWN);
const lowerCase = new Uint16Array(65_536);
/** 1 for a letter of a script written without spaces between words. */
const unspaced = new Uint8Array(65_536);

function isUnspacedScript(code: number): boolean {
  return (
    (code >= 0x0e00 && code <= 0x0eff) || // Thai, Lao
    (code >= 0x1000 && code <= 0x109f) || // Myanmar
    (code >= 0x1780 && code <= 0x17ff) || // Khmer
    (code >= 0x3040 && code <= 0x30ff) || // Hiragana, Katakana
    (code >= 0x3400 && code <= 0x4dbf) || // CJK extension A
    (code >= 0x4e00 && code <= 0x9fff) || // CJK unified ideographs
    (code >= 0xf900 && code <= 0xfaff) // CJK compatibility ideographs
  );
}

function learn(code: number): number {
  const character = String.fromCharCode(code);
  let kind = NONE;
  if (code >= 0xd800 && code <= 0xdfff) kind = SMALL;
  else if (/[\p{Lu}\p{Lt}]/u.test(character)) kind = CAPITAL;
  else if (/[\p{L}\p{M}]/u.test(character)) kind = SMALL;
  else if (/\p{N}/u.test(character)) kind = DIGIT;
  classes[code] = kind;
  lowerCase[code] = character.toLowerCase().charCodeAt(0);
  unspaced[code] = kind === SMALL && isUnspacedScript(code) ? 1 : 0;
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

/** The words of the last unspaced run cut by the segmenter, as offsets into its text. */
const run = { text: '', start: -1, end: -1, words: [] as number[], next: 0 };
/** ICU's word segmenter; null where the runtime has none (runs then stay whole words). */
let segmenter: Intl.Segmenter | null | undefined;

/**
 * The stretch of text last given to the segmenter: the runs of unspaced letters from one
 * run on, with the punctuation, digits and spaces between them, up to the first letter of
 * a spaced script. One call over many runs costs much less than a call a run (Chinese
 * writes a run a clause, about ten characters), and `containing` walks its segments
 * without the iterator's objects.
 */
const stretch = { text: '', start: -1, end: -1, segments: null as Intl.Segments | null };
/**
 * The longest stretch segmented at once, in characters: a bound on the slice one call
 * copies, not a tuned value (any size finds the same words, unspaced-scripts.test.ts).
 * At 2,048, Chinese ran 1.43-2.08 M tokens/s of CPU time against 0.56-0.92 a clause at
 * a time (XQuAD zh dev articles, 230k tokens, bench/README.md "Speed of unspaced scripts").
 */
const STRETCH = 2048;

/** Whether `code` is a letter of a script written with spaces between words. */
function isSpacedLetter(code: number): boolean {
  let kind = classes[code]!;
  if (kind === UNKNOWN) kind = learn(code);
  return (kind === SMALL || kind === CAPITAL) && unspaced[code] === 0;
}

/**
 * Segments the stretch of `text` from the run `[start, runEnd)` on (before `limit`) that
 * unspaced runs fill.
 */
function segmentStretch(text: string, start: number, runEnd: number, limit: number): void {
  const last = Math.min(limit, start + STRETCH);
  let end = runEnd;
  while (end < last && !isSpacedLetter(text.charCodeAt(end))) end++;
  stretch.text = text;
  stretch.start = start;
  stretch.end = end;
  stretch.segments = segmenter!.segment(text.slice(start, end));
}

/** Cuts `text[start, end)` into words with `Intl.Segmenter` and remembers them. */
function segmentRun(text: string, start: number, end: number, limit: number): void {
  segmenter ??=
    typeof Intl.Segmenter === 'function'
      ? new Intl.Segmenter(undefined, { granularity: 'word' })
      : null;
  const words: number[] = [];
  if (segmenter === null) words.push(start, end);
  else {
    if (stretch.text !== text || start < stretch.start || end > stretch.end) {
      segmentStretch(text, start, end, limit);
    }
    const offset = stretch.start;
    for (let at = start; at < end; ) {
      const piece = stretch.segments!.containing(at - offset)!;
      const pieceEnd = offset + piece.index + piece.segment.length;
      // A segment reaching past the run (digits, a Latin word) gives only its part inside.
      if (piece.isWordLike) words.push(at, Math.min(end, pieceEnd));
      at = pieceEnd;
    }
  }
  run.text = text;
  run.start = start;
  run.end = end;
  run.words = words;
  run.next = 0;
}

/**
 * Whether `text[index]` is a zero-width non-joiner or joiner between two Devanagari
 * characters: there it picks how the letters are drawn (a half form, a conjunct written
 * apart) and is inside the word, as Unicode's word boundaries read it; hindi-terms.ts
 * removes it. Elsewhere (an emoji sequence, Persian, which writes the non-joiner between
 * the parts of a compound) it ends the word as before.
 */
function isJoinerInDevanagari(text: string, index: number, limit: number): boolean {
  const code = text.charCodeAt(index);
  if (code !== 0x200c && code !== 0x200d) return false;
  if (index + 1 >= limit || index === 0) return false;
  return isDevanagari(text.charCodeAt(index - 1)) && isDevanagari(text.charCodeAt(index + 1));
}

/** Hashes `text[start, end)` as the scanner does. */
function hashInto(text: string, start: number, end: number, match: WordMatch): void {
  let hashA = 0x811c9dc5;
  let hashB = 0;
  for (let index = start; index < end; index++) {
    const lower = lowerCase[text.charCodeAt(index)]!;
    hashA = Math.imul(hashA ^ lower, 0x01000193);
    hashB = (Math.imul(hashB, 31) + lower) | 0;
  }
  match.start = start;
  match.end = end;
  match.hashA = hashA;
  match.hashB = hashB;
}

/** The next segmented word of the remembered run at or after `from`; false when none. */
function nextInRun(from: number, match: WordMatch): boolean {
  const { words } = run;
  if (run.next > 0 && words[run.next - 1]! > from) run.next = 0;
  while (run.next < words.length && words[run.next]! < from) run.next += 2;
  if (run.next >= words.length) return false;
  hashInto(run.text, words[run.next]!, words[run.next + 1]!, match);
  run.next += 2;
  return true;
}

/** Finds the next word in `[from, limit)`; false when there is none. */
export function nextWord(text: string, from: number, limit: number, match: WordMatch): boolean {
  if (text === run.text && from >= run.start && from < run.end && limit >= run.end) {
    if (nextInRun(from, match)) return true;
    from = run.end;
  }
  return scanWord(text, from, limit, match);
}

function scanWord(text: string, from: number, limit: number, match: WordMatch): boolean {
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
    let unspacedLetters = 0;
    while (index < limit) {
      const code = text.charCodeAt(index);
      let current = classes[code]!;
      if (current === UNKNOWN) current = learn(code);
      // Capitals may only come before the small letters.
      if (current === CAPITAL ? phase !== CAPITAL : current !== SMALL) {
        if (!isJoinerInDevanagari(text, index, limit)) break;
        // The joiner is not hashed: the word with it and without it is one form.
        index++;
        continue;
      }
      phase = current;
      unspacedLetters += unspaced[code]!;
      const lower = lowerCase[code]!;
      hashA = Math.imul(hashA ^ lower, 0x01000193);
      hashB = (Math.imul(hashB, 31) + lower) | 0;
      index++;
    }
    if (unspacedLetters > 1) {
      segmentRun(text, match.start, index, limit);
      if (nextInRun(match.start, match)) return true;
      return scanWord(text, index, limit, match);
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
