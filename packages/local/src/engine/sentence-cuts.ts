import { isDevanagari } from './hindi-terms.ts';

/**
 * Sentence boundaries inside a block of prose, as offsets of the white space that
 * follows each sentence. Common abbreviations and initials do not end a sentence, nor
 * does a full stop followed by a lower-case word, unless the text has no capitals at all
 * (lower-cased text, where every sentence opens in lower case). Very long sentences are cut again at
 * a clause boundary (or any space) so that one unit never swallows a whole budget.
 */

/**
 * The full-width stops, the dandas (Devanagari, Bengali and the other Indic scripts), the
 * Khmer khan and bariyoosan and the Myanmar section mark end nothing but a sentence (no
 * number, abbreviation or address holds them), so they end one even where no space
 * follows, as scripts without spaces between words often write them. The full stop,
 * question and exclamation marks of other scripts, and the Tibetan shad (which also ends
 * a clause), end one only before white space.
 */
const SENTENCE_END =
  /[.!?…؟۔।॥։።။។៕།༎]["'”’»)\]]*(?=\s)|[。！？।॥။។៕]["'”’」』»)\]]*(?=[^\s。！？।॥။។៕])/g;
/**
 * Thai and Lao put no full stop at a sentence's end but a space, which they do not put
 * between words: a space between two of their letters ends a sentence (once the sentence
 * is MIN_UNSPACED_SENTENCE long). Khmer and Myanmar have stops of their own (KHMER_MYANMAR_STOP)
 * and put spaces between phrases: their spaces end a sentence only in a block that has
 * none of those stops.
 */
const UNSPACED_SENTENCE_END =
  /(?<=[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff])(?=[ \t]+[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff])/g;
const THAI_LAO_SENTENCE_END = /(?<=[\u0e00-\u0eff])(?=[ \t]+[\u0e00-\u0eff])/g;
const KHMER_MYANMAR_STOP = /[។៕။]/;
// iApp Wiki QA (Thai) dev, answer kept at 2x / 4x / 10x: 93.4 / 88.9 / 70.3% cutting at every
// such space, 97.6 / 93.4 / 77.6% from 80 characters (50 to 120 within 1.5 points of it).
const MIN_UNSPACED_SENTENCE = 80;
/**
 * Sentences longer than this many characters are cut at clause boundaries, into pieces of
 * TARGET_PIECE to LONG_SENTENCE. Never cut, or cut into pieces of 600: segment.test.ts
 * and sentence-cuts.test.ts fail (a long English or Arabic sentence kept or dropped whole).
 */
const LONG_SENTENCE = 600;
const TARGET_PIECE = 300;

const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr st vs etc e.g i.e eg ie no nos inc ltd co corp fig figs al approx ' +
    'dept est gen gov lt col sgt capt mt ft jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'u.s u.k u.n vol pp p ed eds rev op cf ca'
  ).split(' '),
);

function isAbbreviation(text: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && start > dot - 8 && /[\p{L}.]/u.test(text[start - 1]!)) start--;
  const word = text.slice(start, dot);
  if (word.length === 1 && /\p{Lu}/u.test(word)) return true;
  // Letters between full stops ("u.s.", the Thai era "พ.ศ."): an abbreviation in any script.
  if (/^(?:\p{L}\p{M}*\.)+\p{L}\p{M}*$/u.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

function isBlank(character: string | undefined): boolean {
  return character === ' ' || character === '\t';
}

/**
 * Cuts a sentence of `block` from `start` to `end` that is too long into pieces of
 * TARGET_PIECE to LONG_SENTENCE characters, at a space after a comma, semicolon or
 * colon when there is one, else at any space. Offsets are pushed as `offset + index`.
 */
function clauseCuts(block: string, start: number, end: number, offset: number, cuts: number[]) {
  let last = start;
  while (end - last > LONG_SENTENCE) {
    let cut = -1;
    const limit = Math.min(end, last + LONG_SENTENCE);
    for (let index = last + TARGET_PIECE; index < limit; index++) {
      if (!isBlank(block[index]) || isBlank(block[index - 1])) continue;
      const before = block[index - 1];
      if (before === ',' || before === ';' || before === ':' || before === '،' || before === '؛') {
        cut = index;
        break;
      }
      if (cut < 0) cut = index;
    }
    for (let index = limit; cut < 0 && index < end; index++) {
      if (isBlank(block[index]) && !isBlank(block[index - 1])) cut = index;
    }
    if (cut < 0 || end - cut < TARGET_PIECE / 2) return;
    cuts.push(offset + cut);
    last = cut;
  }
}

/**
 * Whether the full stop at `dot` follows a Devanagari character in a block that ends its
 * sentences with the danda: Hindi's sentence end is the danda, and a full stop after a
 * Devanagari letter there marks an abbreviation ("डॉ." doctor, "रु." rupees, the initials
 * of "ए. पी. जे. अब्दुल कलाम"), as a capital and a full stop does in English. A block
 * that writes no danda may use the full stop as its sentence end, and keeps it.
 * `hasDanda` looks the block over once, at its first such stop: a look at every stop was
 * quadratic in a long block of Hindi written with full stops.
 */
function isDevanagariAbbreviation(block: string, dot: number, hasDanda: () => boolean): boolean {
  return isDevanagari(block.charCodeAt(dot - 1)) && hasDanda();
}

/** Offsets in `[start, end)` where a sentence ends and white space begins. */
export function findSentenceCuts(text: string, start: number, end: number, cased = true): number[] {
  // The block alone, so that no search runs past its end.
  const block = text.slice(start, end);
  const cuts: number[] = [];
  let danda: boolean | undefined;
  const hasDanda = () => (danda ??= block.includes('।'));
  let sentenceStart = 0;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(block); match; match = SENTENCE_END.exec(block)) {
    const space = match.index + match[0].length;
    if (
      block[match.index] === '.' &&
      (isAbbreviation(block, match.index) || isDevanagariAbbreviation(block, match.index, hasDanda))
    ) {
      continue;
    }
    if (space < block.length && !/\s/.test(block[space]!)) {
      // A stop that ends nothing but a sentence, with no space after it.
      clauseCuts(block, sentenceStart, space, start, cuts);
      cuts.push(start + space);
      sentenceStart = space;
      continue;
    }
    let next = space;
    while (next < block.length && /\s/.test(block[next]!)) next++;
    if (next >= block.length) break;
    if (cased && /\p{Ll}/u.test(block[next]!)) continue;
    clauseCuts(block, sentenceStart, space, start, cuts);
    cuts.push(start + space);
    sentenceStart = space;
  }
  clauseCuts(block, sentenceStart, block.length, start, cuts);
  if (UNSPACED_SENTENCE_END.test(block)) {
    UNSPACED_SENTENCE_END.lastIndex = 0;
    const spaceEnds = KHMER_MYANMAR_STOP.test(block)
      ? THAI_LAO_SENTENCE_END
      : UNSPACED_SENTENCE_END;
    // The same space also sets off a phrase, a list item or a bracket: a sentence shorter
    // than MIN_UNSPACED_SENTENCE goes on past it.
    let last = 0;
    for (const match of block.matchAll(spaceEnds)) {
      if (match.index - last < MIN_UNSPACED_SENTENCE) continue;
      cuts.push(start + match.index);
      last = match.index;
    }
    cuts.sort((a, b) => a - b);
  }
  return cuts;
}
