/**
 * Sentence boundaries inside a block of prose, as offsets of the white space that
 * follows each sentence. Common abbreviations and initials do not end a sentence, nor
 * does a full stop followed by a lower-case word. Very long sentences are cut again at
 * a clause boundary so that one unit never swallows a whole budget.
 */

const SENTENCE_END = /[.!?…]["'”’)\]]*(?=\s)/g;
const CLAUSE_END = /[,;:](?=[ \t])/g;
/** Sentences longer than this many characters are cut at clause boundaries. */
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
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** Adds clause cuts to a sentence running from `start` to `end` that is too long. */
function clauseCuts(text: string, start: number, end: number, cuts: number[]): void {
  if (end - start <= LONG_SENTENCE) return;
  let last = start;
  CLAUSE_END.lastIndex = start;
  for (
    let match = CLAUSE_END.exec(text);
    match && match.index < end;
    match = CLAUSE_END.exec(text)
  ) {
    const space = match.index + 1;
    if (space - last >= TARGET_PIECE && end - space >= TARGET_PIECE / 2) {
      cuts.push(space);
      last = space;
    }
  }
}

/** Offsets in `[start, end)` where a sentence ends and white space begins. */
export function findSentenceCuts(text: string, start: number, end: number): number[] {
  const cuts: number[] = [];
  let sentenceStart = start;
  SENTENCE_END.lastIndex = start;
  for (let match = SENTENCE_END.exec(text); match; match = SENTENCE_END.exec(text)) {
    const space = match.index + match[0].length;
    if (space >= end) break;
    if (text[match.index] === '.' && isAbbreviation(text, match.index)) continue;
    let next = space;
    while (next < end && /\s/.test(text[next]!)) next++;
    if (next >= end) break;
    if (/\p{Ll}/u.test(text[next]!)) continue;
    clauseCuts(text, sentenceStart, space, cuts);
    cuts.push(space);
    sentenceStart = space;
  }
  clauseCuts(text, sentenceStart, end, cuts);
  return cuts;
}
