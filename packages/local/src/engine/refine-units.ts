import { countChunks } from './chunk-counter.ts';
import type { Segmentation, Unit } from './segment.ts';
import { isCompanionKind, type UnitKind } from './unit-kind.ts';

/**
 * Cuts units too large for the budget into pieces, so that a block larger than the
 * budget loses its least useful parts instead of being dropped whole (or kept whole,
 * past the budget):
 *
 * - fenced code: its fence lines become frames, kept with any piece; the body is cut
 *   into top-level definitions (a function, a class, a group of statements), and a
 *   definition still too large into lines;
 * - a table: its header row (and the rule under it) becomes a frame, each other row a unit;
 * - a record (one line of a run of records) only when it is over twice the limit, the
 *   whole `ultra` budget: a piece of a record is rarely worth its tokens;
 * - prose, a list item, or one unbroken run (minified code, base64, a URL list, CJK text):
 *   pieces cut after a full stop or before white space when there is one near the target
 *   length, else anywhere.
 *
 * The limit is the same at every level (the engine passes half the `ultra` budget), so
 * the levels choose among the same units and a gentler level never keeps less.
 *
 * Pieces of a block are counted on their own: their counts may not add up exactly to
 * the block's (a cut inside indentation is not a safe cut), so the output is counted
 * afresh whenever it joins pieces at such a cut (assemble-output.ts).
 */

const FENCE_LINE = /^[ \t]{0,3}(?:`{3,}|~{3,})/;
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-{2,}/;
/** A line that closes or continues a construct rather than opening a new one. */
const CLOSER = /^[ \t]*(?:[}\])]|end\b|else\b|elif\b|except\b|finally\b|catch\b|<\/)/;
/** A line that opens a construct made of definitions (cut into them before into lines). */
const CONTAINER =
  /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:abstract[ \t]+)?(?:class|interface|impl|trait|module|namespace|object|struct|enum)\b/;
/**
 * How deep definitions nest before a piece is cut into lines instead: a bound on work. No
 * bound moves no dev set (whole dev, 2026-11-26), but each level reads its body again:
 * 500 nested classes took 2.6 s against 0.4 s, 3,000 over two minutes against 4.4 s.
 */
const MAX_DEPTH = 6;
/** A run is best cut before white space, or after a full stop (CJK ones have no space after). */
const BREAK_BEFORE = /\s/;
const STOP_AFTER = /[。！？；.!?;,，、،؛؟।॥۔။។៕]/;

/**
 * How far past its target a piece may run to end with its clause: pieces stay under
 * three quarters of the limit. Dev, 2x / 4x / 10x, against 1 (back only): ARCD 92.2 / 77.0 /
 * 49.7 to 93.4 / 79.9 / 50.9%, XQuAD en 95.6 / 83.8 to 96.1 / 84.6% (4x / 10x), zh 91.5 / 76.5 to
 * 93.3 / 78.4%, de and ru 10x 1.5 points lower; 1.8 moved more and came nearer the limit.
 */
const CLAUSE_REACH = 1.5;
/**
 * Stops that need no white space after them: the full-width ones, and the dandas, the
 * Khmer khan and bariyoosan and the Myanmar section mark, which end nothing but a
 * sentence (Khmer and Myanmar text often runs on after them with no space).
 */
const WIDE_STOP = /[。！？；，、।॥။។៕]/;

/** Whether a clause ends just before `at` (so "3.5" and "1,000" hold no clause end). */
function isClauseEnd(text: string, at: number): boolean {
  const before = text[at - 1]!;
  return STOP_AFTER.test(before) && (WIDE_STOP.test(before) || BREAK_BEFORE.test(text[at]!));
}

/**
 * Whether the space at `at` comes before the Arabic conjunction "و" (and) written onto the
 * next word: Arabic runs clauses on with it where other languages put a comma.
 */
function isBeforeArabicAnd(text: string, at: number): boolean {
  if (!BREAK_BEFORE.test(text[at]!) || text[at + 1] !== '\u0648') return false;
  const next = text.charCodeAt(at + 2);
  return next >= 0x0621 && next <= 0x064a;
}

/**
 * The place before an Arabic "و" (and) nearest `cut`, after `after` and before `reach`,
 * else `cut`: a long Arabic sentence often has no other clause end, and a cut there
 * rather than at any space keeps a phrase whole. ARCD dev, 2x / 4x /
 * 10x: 93.4 / 83.9 / 60.3% at any space, 94.0 / 85.1 / 60.9% here (the whole dev split,
 * with the "اً" ending of arabic-terms.ts).
 */
function nearestConjunction(text: string, after: number, cut: number, reach: number): number {
  for (let offset = 0; cut + offset < reach || cut - offset > after; offset++) {
    if (cut + offset < reach && isBeforeArabicAnd(text, cut + offset)) return cut + offset;
    if (cut - offset > after && isBeforeArabicAnd(text, cut - offset)) return cut - offset;
  }
  return cut;
}

/** Whether `at` falls between a mark and a digit after a digit ("3.|5", "1,|000"). */
function inNumber(text: string, at: number): boolean {
  return isDigit(text.charCodeAt(at - 2)) && isDigit(text.charCodeAt(at));
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

interface Piece {
  start: number;
  end: number;
  kind: UnitKind;
  /** A frame of the block: every other piece of the block needs it. */
  frame?: boolean;
  /** Its token count, when it was counted already. */
  tokens?: number;
}

function lineStarts(text: string, start: number, end: number): number[] {
  const starts = [start];
  for (
    let at = text.indexOf('\n', start);
    at >= 0 && at + 1 < end;
    at = text.indexOf('\n', at + 1)
  ) {
    starts.push(at + 1);
  }
  return starts;
}

function isBlankLine(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return false;
  }
  return true;
}

function indentOf(text: string, start: number, end: number): number {
  let at = start;
  while (at < end && (text[at] === ' ' || text[at] === '\t')) at++;
  return at - start;
}

/** Pieces of prose or of an unbroken run, each about `limit / 2` tokens. */
function splitRun(text: string, start: number, end: number, tokens: number, limit: number) {
  const pieces: Piece[] = [];
  const perToken = (end - start) / Math.max(1, tokens);
  // Two code units at least, a character of any plane, so that every cut moves on. A
  // shortest piece of 8 and a longest of 2,000 characters were removed: at 1 and with no
  // bound, whole dev, 2026-11-26, no set moved at any level.
  const target = Math.max(2, Math.floor((perToken * limit) / 2));
  let from = start;
  while (end - from > target) {
    let cut = from + target;
    // To the clause end nearest the target, from half of it to CLAUSE_REACH times it, else
    // back to white space: a piece that ends with its clause keeps a phrase whole.
    let space = cut;
    const reach = Math.min(end - 1, from + Math.floor(target * CLAUSE_REACH));
    let forward = cut;
    while (forward < reach && !isClauseEnd(text, forward)) forward++;
    while (space > from + target / 2 && !isClauseEnd(text, space)) space--;
    if (space <= from + target / 2) {
      space = forward < reach ? forward : cut;
      if (space === cut) space = nearestConjunction(text, from + target / 2, cut, reach);
    } else if (forward < reach && forward - cut < cut - space) space = forward;
    while (
      space > from + target / 2 &&
      !isClauseEnd(text, space) &&
      !BREAK_BEFORE.test(text[space]!) &&
      !(STOP_AFTER.test(text[space - 1]!) && !inNumber(text, space))
    )
      space--;
    if (space > from + target / 2) cut = space;
    else {
      const code = text.charCodeAt(cut);
      if (code >= 0xdc00 && code <= 0xdfff) cut--; // never between the halves of a pair
    }
    pieces.push({ start: from, end: cut, kind: 'text' });
    from = cut;
  }
  pieces.push({ start: from, end, kind: 'text' });
  return pieces;
}

/** Lines of a definition too large for the budget; a blank line joins the line before. */
function splitLines(text: string, start: number, end: number, limit: number): Piece[] {
  const pieces: Piece[] = [];
  const starts = lineStarts(text, start, end);
  starts.push(end);
  for (let line = 0; line + 1 < starts.length; line++) {
    const from = starts[line]!;
    const to = starts[line + 1]!;
    const last = pieces[pieces.length - 1];
    if (last && isBlankLine(text, from, to)) {
      last.end = to;
      continue;
    }
    const tokens = countChunks(text, from, to);
    if (tokens > limit) {
      for (const piece of splitRun(text, from, to, tokens, limit))
        pieces.push({ ...piece, kind: 'code' });
    } else pieces.push({ start: from, end: to, kind: 'code' });
  }
  return pieces;
}

/**
 * Top-level definitions of a code body, each opening at the body's least indentation.
 * One over the limit is cut again: a class into its opening line and its members, a
 * function only when it is over twice the limit (into its blocks, at last into lines).
 */
function splitDefinitions(
  text: string,
  start: number,
  end: number,
  limit: number,
  depth = 0,
): Piece[] {
  const starts = lineStarts(text, start, end);
  starts.push(end);
  let least = Number.POSITIVE_INFINITY;
  for (let line = 0; line + 1 < starts.length; line++) {
    const from = starts[line]!;
    const to = starts[line + 1]!;
    if (!isBlankLine(text, from, to)) least = Math.min(least, indentOf(text, from, to));
  }
  const openings = [start];
  let previousBlank = false;
  let previousIndent = least;
  let previousCloser = false;
  for (let line = 0; line + 1 < starts.length; line++) {
    const from = starts[line]!;
    const to = starts[line + 1]!;
    if (isBlankLine(text, from, to)) {
      previousBlank = true;
      continue;
    }
    const indent = indentOf(text, from, to);
    const closer = CLOSER.test(text.slice(from, Math.min(to, from + 80)));
    const opens =
      line > 0 &&
      indent === least &&
      !closer &&
      (previousBlank || previousIndent > least || previousCloser);
    if (opens && from > openings[openings.length - 1]!) openings.push(from);
    previousBlank = false;
    previousIndent = indent;
    previousCloser = closer && indent === least;
  }
  openings.push(end);
  const pieces: Piece[] = [];
  for (let at = 0; at + 1 < openings.length; at++) {
    const from = openings[at]!;
    const to = openings[at + 1]!;
    const tokens = countChunks(text, from, to);
    const header = text.indexOf('\n', from) + 1 || to;
    const container = CONTAINER.test(text.slice(from, Math.min(header, from + 200)));
    // A function up to twice the limit stays whole: it is what a question about it needs.
    if (tokens <= limit || (tokens <= 2 * limit && !container)) {
      pieces.push({ start: from, end: to, kind: 'code' });
      continue;
    }
    // A class, or a function too large: its opening line, then its body's definitions.
    const inner =
      depth < MAX_DEPTH && header < to ? splitDefinitions(text, header, to, limit, depth + 1) : [];
    if (inner.length > 1) {
      pieces.push({ start: from, end: header, kind: 'code' }, ...inner);
    } else pieces.push(...splitLines(text, from, to, limit));
  }
  return pieces;
}

function splitCode(text: string, unit: Unit, limit: number): Piece[] {
  const starts = lineStarts(text, unit.start, unit.end);
  starts.push(unit.end);
  const lineText = (line: number) => text.slice(starts[line]!, starts[line + 1]!);
  let open = -1;
  let close = -1;
  for (let line = 0; line + 1 < starts.length; line++) {
    if (!FENCE_LINE.test(lineText(line))) continue;
    if (open < 0) open = line;
    else close = line;
  }
  if (open < 0) return splitDefinitions(text, unit.start, unit.end, limit);
  const pieces: Piece[] = [];
  if (open > 0) pieces.push({ start: unit.start, end: starts[open]!, kind: 'text' });
  pieces.push({ start: starts[open]!, end: starts[open + 1]!, kind: 'frame', frame: true });
  const bodyEnd = close > open ? starts[close]! : unit.end;
  if (bodyEnd > starts[open + 1]!) {
    pieces.push(...splitDefinitions(text, starts[open + 1]!, bodyEnd, limit));
  }
  if (close > open) {
    pieces.push({ start: starts[close]!, end: starts[close + 1]!, kind: 'frame', frame: true });
    if (starts[close + 1]! < unit.end) {
      pieces.push({ start: starts[close + 1]!, end: unit.end, kind: 'text' });
    }
  }
  return pieces;
}

function splitTable(text: string, unit: Unit): Piece[] {
  const starts = lineStarts(text, unit.start, unit.end);
  starts.push(unit.end);
  if (starts.length < 3) return [{ start: unit.start, end: unit.end, kind: 'table' }];
  let header = 1;
  if (starts.length > 3 && TABLE_RULE.test(text.slice(starts[1]!, starts[2]!))) header = 2;
  const pieces: Piece[] = [{ start: unit.start, end: starts[header]!, kind: 'frame', frame: true }];
  for (let line = header; line + 1 < starts.length; line++) {
    pieces.push({ start: starts[line]!, end: starts[line + 1]!, kind: 'table' });
  }
  return pieces;
}

/** How many times a piece still over the limit is cut again on its own count. */
const RECUT_DEPTH = 3;

/**
 * Pieces of prose or of a run, each within the limit. splitRun sizes pieces by the run's
 * characters per token, which white space skews: a run of line breaks is many characters
 * and few tokens, so a piece of CJK text beside one could hold several times the limit,
 * and a level whose budget it exceeded kept less than a harder one that fell back to it
 * whole (compress-invariants.test.ts). A piece over the limit is cut again on its own
 * count; each piece is counted once, here.
 */
function runPieces(
  text: string,
  start: number,
  end: number,
  tokens: number,
  limit: number,
  depth = 0,
): Piece[] {
  const pieces: Piece[] = [];
  for (const piece of splitRun(text, start, end, tokens, limit)) {
    const count = countChunks(text, piece.start, piece.end);
    const whole = piece.start === start && piece.end === end;
    if (count <= limit || whole || depth >= RECUT_DEPTH) pieces.push({ ...piece, tokens: count });
    else pieces.push(...runPieces(text, piece.start, piece.end, count, limit, depth + 1));
  }
  return pieces;
}

function piecesOf(text: string, unit: Unit, tokens: number, limit: number): Piece[] {
  if (unit.kind === 'code') return splitCode(text, unit, limit);
  if (unit.kind === 'table') return splitTable(text, unit);
  return runPieces(text, unit.start, unit.end, tokens, limit);
}

export interface RefinedUnits {
  segmentation: Segmentation;
  tokens: Int32Array;
}

/** Cuts every unit with more than `limit` tokens. Headings and role labels are never cut. */
export function refineUnits(
  text: string,
  segmentation: Segmentation,
  tokens: Int32Array,
  limit: number,
): RefinedUnits {
  const { units } = segmentation;
  // A record is cut only when it alone would take more than the whole `ultra` budget.
  const oversized = (unit: number) =>
    !isCompanionKind(units[unit]!.kind) &&
    tokens[unit]! > Math.max(1, units[unit]!.kind === 'record' ? 2 * limit : limit);
  let any = false;
  for (let unit = 0; unit < units.length && !any; unit++) any = oversized(unit);
  if (!any) return { segmentation, tokens };

  const refined: Unit[] = [];
  const counts: number[] = [];
  const newIndex = new Int32Array(units.length);
  for (let unit = 0; unit < units.length; unit++) {
    newIndex[unit] = refined.length;
    const original = units[unit]!;
    if (!oversized(unit)) {
      refined.push({ ...original });
      counts.push(tokens[unit]!);
      continue;
    }
    const pieces = piecesOf(text, original, tokens[unit]!, limit).filter(
      (piece) => piece.end > piece.start,
    );
    const first = refined.length;
    const frames: number[] = [];
    pieces.forEach((piece, offset) => {
      if (piece.frame) frames.push(first + offset);
    });
    for (const piece of pieces) {
      const needs = piece.frame ? undefined : frames.length > 0 ? frames : undefined;
      refined.push({
        start: piece.start,
        end: piece.end,
        kind: piece.kind,
        section: original.section,
        ...(needs ? { needs } : {}),
      });
      counts.push(piece.tokens ?? countChunks(text, piece.start, piece.end));
    }
  }
  const sections = segmentation.sections.map((section) => ({
    ...section,
    header: section.header >= 0 ? newIndex[section.header]! : -1,
  }));
  const labelUnits = segmentation.labelUnits.map((unit) => (unit >= 0 ? newIndex[unit]! : -1));
  return {
    segmentation: { units: refined, sections, labelUnits },
    tokens: Int32Array.from(counts),
  };
}
