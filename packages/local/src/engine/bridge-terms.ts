import { type QueryTerms, queryTerms } from './query-terms.ts';
import type { Segmentation, Unit } from './segment.ts';
import { stem, termsOf } from './terms.ts';
import { isCased } from './text-case.ts';
import { DEFAULT_TUNING } from './tuning.ts';
import type { UnitIndex } from './unit-index.ts';
import { nextWord, type WordMatch } from './word-scanner.ts';

/** A unit that opens with a pronoun or "the film", "the band"...: its antecedent is just before. */
const PRONOUN_START =
  /^\s*["“(]?(?:he|she|it|they|his|her|its|their|this|these|that|those|the (?:film|song|show|series|album|band|book|game|company|team|city|river|country))\b/i;

/**
 * The second pass of query scoring, for questions answered in two hops ("Where was the
 * author of X educated?"): the first pass finds the unit about X, which names the
 * author; the unit that answers names the author too, but nothing of the question. So
 * the rare names and numbers of the best first-pass units and the terms of their
 * sections' titles (the bridge entities) become a second query, and every other unit scores by the information of
 * the bridge terms it holds. Scaled to 0..1; zeros when there is nothing to bridge.
 * Cost is linear in the text: two passes over the index's words.
 */
export interface BridgeOptions {
  /** How many of the best first-pass units lend their terms. */
  sources: number;
  /** The query's terms with their variants, when the caller has them already. */
  terms?: QueryTerms;
  /**
   * The names of the question (see `queryNames`): a unit holding more of them ranks
   * first as a source.
   */
  names?: ReadonlySet<number>;
  /** Filled with the source units (the units the bridge scores derive from). */
  sourcesOut?: number[];
  /**
   * A unit bridges only when it holds at least this many distinct bridge terms (and a
   * unit that refers back takes its antecedent's score). @default 1
   */
  minTerms?: number;
  /**
   * Terms that never bridge: the words of a conversation's speaker labels
   * (speaker-labels.ts), which recur on every turn of their speaker.
   */
  unbridged?: ReadonlySet<number>;
}

// A word of the question that opens with a capital and does not open the question.
const QUERY_NAME = /(?<=\S\s+)\p{Lu}[\p{L}\p{N}'’-]*/gu;

/**
 * The term ids of the names in a question: its words that open with a capital, but
 * not its first ("Where was the author of Hannibal and Scipio educated?": hannibal,
 * scipio). Empty for a question written all in lower case.
 */
export function queryNames(query: string, index: UnitIndex): Set<number> {
  const names = new Set<number>();
  for (const match of query.matchAll(QUERY_NAME)) {
    for (const term of termsOf(match[0], index.language)) {
      const id = index.termIds.get(term);
      if (id !== undefined && !index.stop[id]) names.add(id);
    }
  }
  return names;
}

/**
 * A bridge term is rare: in at most one in this many units, or passages (at least 3), the
 * same share for both (the figures are beside its use in `bridgeScores`).
 */
const RARE_IN = 10;
/** A line of JSON: a bracket, a `"key":` member, or a string alone in an array. */
const STRUCTURED_START = /^\s*(?:[{}[\]]|"[^"\n]*"\s*(?::|,?\s*$))/;
const PARAGRAPH_END = /\n[ \t]*\r?\n\s*$/;
/** A text that stops on a word or a comma: cut inside a sentence. */
const CUT_END = /[\p{L}\p{N}],?$/u;

/** A whole text that opens and closes like one JSON object or array. */
function isJsonDocument(text: string): boolean {
  const open = text.trimStart()[0];
  const close = text.trimEnd().at(-1);
  return (open === '{' && close === '}') || (open === '[' && close === ']');
}

/**
 * The term ids of the names and numbers in `text[start, end)`: words that open with a
 * capital inside a sentence, and runs of digits. In a text without capitals (`cased`
 * false) every word is a candidate.
 */
function entityTerms(
  text: string,
  start: number,
  end: number,
  index: UnitIndex,
  cased: boolean,
): number[] {
  const found: number[] = [];
  const match: WordMatch = { start: 0, end: 0, hashA: 0, hashB: 0 };
  let first = true;
  for (let from = start; nextWord(text, from, end, match); from = match.end) {
    const word = text.slice(match.start, match.end);
    let before = match.start - 1;
    while (before > start && /\s/.test(text[before]!)) before--;
    const opensSentence = first || /[.!?:]/.test(text[before]!);
    first = false;
    const capital = word.length > 1 && word[0] !== word[0]!.toLowerCase();
    if (cased && !(capital && !opensSentence) && !/^\d/.test(word)) continue;
    const id = index.termIds.get(stem(word.toLowerCase(), index.language));
    if (id !== undefined) found.push(id);
  }
  return found;
}

/**
 * The passage of each unit: a passage ends at a blank line or where a section ends (a
 * heading, a `Document [i]` line), so a passage is one paragraph of one document.
 */
export function passageIds(text: string, units: readonly Unit[]): Int32Array {
  const ids = new Int32Array(units.length);
  let passage = 0;
  for (let unit = 1; unit < units.length; unit++) {
    const before = units[unit - 1]!;
    if (
      units[unit]!.section !== before.section ||
      PARAGRAPH_END.test(text.slice(Math.max(before.start, before.end - 8), before.end))
    ) {
      passage++;
    }
    ids[unit] = passage;
  }
  return ids;
}

/** A text that ends a sentence: a full stop, question or exclamation mark, maybe quoted. */
const SENTENCE_CLOSE = /[.!?]["'”’)\]]*\s*$/;

/**
 * Where the sentence a source unit opens ends: a long sentence is cut into pieces for the
 * budget (refine-units.ts), and the piece that ranked best ("The Frozen Ghost is a 1945
 * film noir mystery film starring Lon Chaney,") may not hold the name the rest of it gives
 * ("... and directed by Harold Young."). The source lends the terms of the prose pieces
 * after it in its passage, up to the one that ends the sentence. Dev, multi-hop large,
 * 2x / 4x / 10x: 86.5 / 73.1 / 45.0 to 86.8 / 73.7 / 45.6% (bench layout), 85.1 / 70.8 /
 * 41.8 to 85.7 / 73.4 / 43.0% (title lines).
 */
function sentenceEnd(
  text: string,
  units: readonly Unit[],
  passages: Int32Array,
  prose: Uint8Array,
  source: number,
): number {
  let last = source;
  while (
    last + 1 < units.length &&
    passages[last + 1] === passages[source] &&
    prose[last + 1] &&
    !SENTENCE_CLOSE.test(text.slice(units[last]!.start, units[last]!.end))
  ) {
    last++;
  }
  return units[last]!.end;
}

/**
 * A unit's text, lower-cased: units alike repeat one another. Only their first 80
 * characters were compared before; whole dev, 2026-11-26, 2x / 4x / 10x, whole units:
 * multi-hop 100 / 98 / 74 -> 100 / 96 / 72% (one of 50 at two levels), two-hop titled
 * (bench layout) 85.3 -> 88.2% at 4x, every other set the same.
 */
function unitTextOf(text: string, unit: { start: number; end: number }): string {
  return text.slice(unit.start, unit.end).trim().toLowerCase();
}

/** The length of a unit's text less the white space around it, read without a copy. */
function trimmedLength(text: string, { start, end }: { start: number; end: number }): number {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  return to - from;
}

export const BRIDGE_OPTIONS: BridgeOptions = {
  sources: DEFAULT_TUNING.bridgeSources,
};

export function bridgeScores(
  text: string,
  query: string,
  segmentation: Segmentation,
  index: UnitIndex,
  relevance: Float64Array,
  options: BridgeOptions = BRIDGE_OPTIONS,
): Float64Array {
  const { units, sections } = segmentation;
  const { words, offsets, stop } = index;
  const unitCount = units.length;
  const scores = new Float64Array(unitCount);
  const terms = options.terms ?? queryTerms(query, index, true);
  if (!terms || options.sources < 1 || unitCount < 3 || isJsonDocument(text)) return scores;
  // A bridge entity is a name, and a script without capitals (Arabic, Chinese, Korean,
  // Thai...) marks none: every word of the best units would bridge, as in a lower-cased
  // text, and lift units that share any rare word with them. Dev 10x, with the pass and
  // without: ARCD 58.3 and 60.3%, KorQuAD 81.9 and 86.1%, XQuAD zh 80.4 and 83.0%, iApp Wiki
  // QA 80.5 and 81.6%, JSQuAD 79.3 and 79.4% (numbers alone as bridges: 60.6, 83.5, 81.7,
  // 80.5 and 78.9%).
  if (index.caseless) return scores;

  // In how many units each term occurs.
  const unitsWith = new Int32Array(index.termCount);
  const lastUnit = new Int32Array(index.termCount).fill(-1);
  for (let unit = 0; unit < unitCount; unit++) {
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const term = words[position]!;
      if (lastUnit[term] === unit) continue;
      lastUnit[term] = unit;
      unitsWith[term]!++;
    }
  }

  // Bridging is a property of prose: a line of JSON or of code names its neighbours'
  // values without being about them.
  const prose = new Uint8Array(unitCount);
  for (let unit = 0; unit < unitCount; unit++) {
    const { kind, start, end } = units[unit]!;
    prose[unit] =
      (kind === 'text' || kind === 'item') && !STRUCTURED_START.test(text.slice(start, end))
        ? 1
        : 0;
  }

  // The best first-pass prose units, best first, one of each text: passages that
  // overlap repeat sentences, and a repeat lends no new bridge terms.
  const sources: number[] = [];
  const ranked: number[] = [];
  for (let unit = 0; unit < unitCount; unit++) {
    if (prose[unit] && relevance[unit]! > 0) ranked.push(unit);
  }
  // The first hop is the unit about what the question names ("the author of Hannibal
  // and Scipio"): a unit holding more of its names ranks first as a source, though a
  // common word of the question ("educated") may score another unit higher.
  const named = new Int32Array(unitCount);
  const names = options.names;
  if (names && names.size > 0) {
    const lastSeen = new Int32Array(index.termCount).fill(-1);
    for (const unit of ranked) {
      for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
        const term = words[position]!;
        if (!names.has(term) || lastSeen[term] === unit) continue;
        lastSeen[term] = unit;
        named[unit]!++;
      }
    }
  }
  ranked.sort((a, b) => named[b]! - named[a]! || relevance[b]! - relevance[a]! || a - b);
  const sourceTexts = new Set<string>();
  const sourceLengths = new Set<number>();
  for (const unit of ranked) {
    if (sources.length >= options.sources) break;
    const key = unitTextOf(text, units[unit]!);
    if (sourceTexts.has(key)) continue;
    sourceTexts.add(key);
    sourceLengths.add(trimmedLength(text, units[unit]!));
    sources.push(unit);
  }
  options.sourcesOut?.push(...sources);
  if (sources.length === 0) return scores;

  // A term bridges when it is not the question's, occurs in at least one other unit,
  // and is rare: in at most a tenth of the units (a few for short texts), or, in a text
  // of ten passages or more (a tenth of them is a passage), in at most a tenth of the
  // passages (a few at least). The bridge entity's own passage names it in most of its
  // sentences ("Millard Webb ... Webb married Mary Eaton in 1929"), which alone can
  // take it past a tenth of the units. Dev, multi-hop large, 2x / 4x / 10x: bench layout
  // 80.4 / 60.8 / 38.9 to 83.0 / 63.2 / 40.1%, title lines 76.3 / 58.8 / 36.5 to 79.5 /
  // 59.6 / 36.5%; NQ bench layout 4x / 10x +0.2; no other dev set moves.
  const rareLimit = (count: number) => Math.max(3, Math.floor(count / RARE_IN));
  const maxUnits = rareLimit(unitCount);
  const passages = passageIds(text, units);
  const passageCount = passages[unitCount - 1]! + 1;
  const maxPassages = passageCount >= RARE_IN ? rareLimit(passageCount) : 0;
  const passagesWith = new Int32Array(index.termCount);
  lastUnit.fill(-1);
  for (let unit = 0; unit < unitCount; unit++) {
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const term = words[position]!;
      if (lastUnit[term] === passages[unit]) continue;
      lastUnit[term] = passages[unit]!;
      passagesWith[term]!++;
    }
  }
  const cased = isCased(text);
  const weight = new Float64Array(index.termCount);
  // The terms of a source's title (they may lend inside the source's passage too).
  const titled = new Uint8Array(index.termCount);
  const isSource = new Uint8Array(unitCount);
  for (const source of sources) {
    isSource[source] = 1;
    const header = sections[units[source]!.section]!.header;
    const candidates = new Map<number, number>();
    const consider = (term: number) => {
      const spread = unitsWith[term]!;
      if (stop[term] || terms.slotOf[term]! >= 0 || spread < 2) return false;
      if (spread > maxUnits && passagesWith[term]! > maxPassages) return false;
      if (options.unbridged?.has(term)) return false;
      candidates.set(term, Math.log(unitCount / spread));
      return true;
    };
    // A title names its passage's entity: all its terms may bridge.
    if (header >= 0) {
      for (let position = offsets[header]!; position < offsets[header + 1]!; position++) {
        if (consider(words[position]!)) titled[words[position]!] = 1;
      }
    }
    const end = sentenceEnd(text, units, passages, prose, source);
    for (const term of entityTerms(text, units[source]!.start, end, index, cased)) {
      consider(term);
    }
    // Every candidate lends (a cap of the 24 rarest a source changed no dev set).
    for (const [term, information] of candidates) {
      weight[term] = Math.max(weight[term]!, information);
    }
  }

  // A second hop lies in another passage: the source's own passage is about the first
  // hop's entity, and its other sentences name that entity's names because they are
  // about it, not because they answer (one article's paragraphs name the article's names
  // all through). Only the terms of a title lend there: a titled passage is one
  // document, and a sentence naming its title is about what the question found. Dev 10x,
  // before and after: XQuAD en / de / es / ru 85.1 / 76.6 / 82.8 / 79.4 to 87.4 / 81.9 /
  // 85.5 / 82.8%, multi-hop large 31.6 to 34.2% (title lines 27.5 to 31.6%); without the
  // title terms NQ lost 1.2 points at 10x.
  // A passage that stops on a word is a fixed-size chunk cut from a longer text, and
  // may hold several documents (LongBench's `Passage n:` chunks): there a second hop
  // may lie in the source's own passage. Dev, LongBench multi-hop 4x / 10x: 96.0 / 72.0%
  // with the bonus kept out of such chunks, 98.0 / 74.0% without.
  const sourcePassages = new Set<number>();
  for (const source of sources) {
    let last = source;
    while (last + 1 < unitCount && passages[last + 1] === passages[source]) last++;
    const end = text.slice(units[last]!.start, units[last]!.end).trimEnd();
    if (!CUT_END.test(end)) sourcePassages.add(passages[source]!);
  }

  lastUnit.fill(-1);
  const minTerms = options.minTerms ?? 1;
  let max = 0;
  for (let unit = 0; unit < unitCount; unit++) {
    if (isSource[unit] || !prose[unit]) continue;
    const own = sourcePassages.has(passages[unit]!);
    // A repeat of a source (passages cut with overlap) holds its terms but no second hop.
    if (
      sourceLengths.has(trimmedLength(text, units[unit]!)) &&
      sourceTexts.has(unitTextOf(text, units[unit]!))
    ) {
      isSource[unit] = 1;
      continue;
    }
    let sum = 0;
    let distinct = 0;
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const term = words[position]!;
      if (weight[term] === 0 || lastUnit[term] === unit || (own && !titled[term])) continue;
      lastUnit[term] = unit;
      sum += weight[term]!;
      distinct++;
    }
    if (distinct < minTerms) continue;
    scores[unit] = sum;
    if (sum > max) max = sum;
  }
  if (max === 0) return scores;
  // "She was educated at ...": the bridge entity is the sentence before's subject, in
  // the same paragraph. A neighbour that does not refer back gets nothing: a share of
  // every neighbour's bridge score (0.8, 0.4 when the question names its first hop) cost
  // multi-hop dev 6 points at 10x (66 against 72%) and earned on no set.
  const spread = new Float64Array(unitCount);
  for (let unit = 0; unit < unitCount; unit++) {
    if (isSource[unit] || !prose[unit]) continue;
    let antecedent = 0;
    if (unit > 0 && passages[unit - 1] === passages[unit]) {
      const { start, end } = units[unit]!;
      if (PRONOUN_START.test(text.slice(start, Math.min(end, start + 40)))) {
        antecedent = scores[unit - 1]!;
      }
    }
    spread[unit] = Math.max(scores[unit]!, antecedent) / max;
  }
  return spread;
}
