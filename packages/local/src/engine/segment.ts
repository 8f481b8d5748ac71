import { findSentenceCuts } from './sentence-cuts.ts';
import { isSafeCut } from './token-boundary.ts';

/**
 * Splits a text into the units the engine keeps or drops: sentences of prose, list
 * items, headings, and blocks kept whole (fenced code, markdown tables). Units tile
 * the text exactly (concatenated in order they give it back) and every cut between two
 * units is a safe cut (see token-boundary.ts), so their token counts add up to the
 * count of the whole text.
 */

/** `heading` covers markdown headings, `Document [n] (Title: ...)` headers and role labels. */
export type UnitKind = 'text' | 'item' | 'code' | 'table' | 'heading';

export interface Unit {
  start: number;
  end: number;
  kind: UnitKind;
  /** Index into `Segmentation.sections`. */
  section: number;
}

export interface Section {
  /** The heading text that names the section ('' when it has none). */
  title: string;
  /** The unit index of its heading, or -1. */
  header: number;
  /** The message the section belongs to (0 for a plain string). */
  message: number;
}

export interface Segmentation {
  units: Unit[];
  sections: Section[];
  /** The unit of each message's role label (-1 once merged away); empty for a string. */
  labelUnits: number[];
}

/** A heading to force at an offset: the role label of a message. */
export interface Label {
  start: number;
  end: number;
  message: number;
}

interface Cut {
  at: number;
  kind: UnitKind;
  /** Set when the cut opens a new section. */
  title?: string;
  message?: number;
}

const KIND_STRENGTH: Record<UnitKind, number> = { text: 0, item: 1, table: 2, code: 3, heading: 4 };

const FENCE = /[ \t]{0,3}(`{3,}|~{3,})/y;
const TABLE_ROW = /[ \t]*\|/y;
const HEADING = /#{1,6}[ \t]+([^\n]*)/y;
const LIST_ITEM = /[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+\S/y;
const INDENTED = /[ \t]+\S/y;
const BLANK = /[ \t]*(?:\r?\n|$)/y;
const DOCUMENT_HEADER =
  /(?:Document|Doc|Passage|Source)[ \t]*\[?\d+\]?[ \t]*:?[ \t]*\(Title:[ \t]*([^\n]*?)\)(?=[ \t\r\n]|$)/y;

function at(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

function lineEnd(text: string, index: number): number {
  const newline = text.indexOf('\n', index);
  return newline < 0 ? text.length : newline + 1;
}

/** True when a line at `index` opens a block (fence, heading, list item, table, header). */
export function isSpecialLine(text: string, index: number): boolean {
  return (
    at(FENCE, text, index) !== null ||
    at(HEADING, text, index) !== null ||
    at(LIST_ITEM, text, index) !== null ||
    at(DOCUMENT_HEADER, text, index) !== null ||
    (at(TABLE_ROW, text, index) !== null && at(TABLE_ROW, text, lineEnd(text, index)) !== null)
  );
}

/** The end of a fenced block opened at `index` (its closing line included). */
function fenceEnd(text: string, index: number, fence: string): number {
  let line = lineEnd(text, index);
  while (line < text.length) {
    const close = at(FENCE, text, line);
    const next = lineEnd(text, line);
    if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) {
      if (at(BLANK, text, close.index + close[0].length) !== null) return next;
    }
    line = next;
  }
  return text.length;
}

/** Collects the cuts a prose or list block needs, from `start` to `end`. */
function blockEnd(text: string, index: number, item: boolean, labels: Label[], label: number) {
  const limit = label < labels.length ? labels[label]!.start : text.length;
  let line = lineEnd(text, index);
  while (line < limit && at(BLANK, text, line) === null) {
    if (
      item
        ? at(INDENTED, text, line) === null && isSpecialLine(text, line)
        : isSpecialLine(text, line)
    )
      break;
    if (item && at(LIST_ITEM, text, line) !== null) break;
    line = lineEnd(text, line);
  }
  return line;
}

function collectCuts(text: string, labels: Label[]): Cut[] {
  const cuts: Cut[] = [];
  let index = 0;
  let label = 0;
  let midLine = false;
  while (index < text.length) {
    const next = labels[label];
    if (next && index >= next.start) {
      cuts.push({ at: next.start, kind: 'heading', title: '', message: next.message });
      index = next.end;
      label++;
      const blank = at(BLANK, text, index);
      midLine = blank === null;
      if (blank) index += blank[0].length;
      continue;
    }
    if (!midLine) {
      const blank = at(BLANK, text, index);
      if (blank && blank[0].length > 0) {
        index += blank[0].length;
        continue;
      }
      const fence = at(FENCE, text, index);
      if (fence) {
        cuts.push({ at: index, kind: 'code' });
        index = Math.min(fenceEnd(text, index, fence[1]!), next ? next.start : text.length);
        continue;
      }
      const heading = at(HEADING, text, index);
      if (heading) {
        cuts.push({ at: index, kind: 'heading', title: heading[1]!.trim() });
        index = lineEnd(text, index);
        continue;
      }
      const header = at(DOCUMENT_HEADER, text, index);
      if (header) {
        cuts.push({ at: index, kind: 'heading', title: header[1]!.trim() });
        index += header[0].length;
        midLine = true;
        continue;
      }
      if (at(TABLE_ROW, text, index) && at(TABLE_ROW, text, lineEnd(text, index))) {
        cuts.push({ at: index, kind: 'table' });
        while (index < text.length && at(TABLE_ROW, text, index)) index = lineEnd(text, index);
        continue;
      }
    }
    const item = !midLine && at(LIST_ITEM, text, index) !== null;
    const end = blockEnd(text, index, item, labels, label);
    cuts.push({ at: index, kind: item ? 'item' : 'text' });
    for (const cut of findSentenceCuts(text, index, end)) cuts.push({ at: cut, kind: 'text' });
    index = end;
    midLine = false;
  }
  return cuts;
}

/** Moves a cut that is not safe to a safe place nearby, or returns -1 to merge it away. */
function safePlace(text: string, cut: number, previous: number): number {
  if (isSafeCut(text, cut)) return cut;
  // Skip forward over white space that holds a line break, or back before a line break.
  let forward = cut;
  while (forward < text.length && /\s/.test(text[forward]!)) forward++;
  if (forward > cut && text.slice(cut, forward).includes('\n') && isSafeCut(text, forward)) {
    return forward;
  }
  let back = cut;
  while (back > previous + 1 && (text[back - 1] === '\n' || text[back - 1] === '\r')) back--;
  if (back < cut && isSafeCut(text, back)) return back;
  return -1;
}

/** Splits `text` into units; `labels` are role labels that each open a section. */
export function segment(text: string, labels: Label[] = []): Segmentation {
  const units: Unit[] = [];
  const sections: Section[] = [];
  const labelUnits = labels.map(() => -1);
  const cuts = collectCuts(text, labels);
  if (cuts.length === 0 || cuts[0]!.title === undefined)
    cuts.unshift({ at: 0, kind: 'text', title: '' });
  cuts[0]!.at = 0;
  let message = 0;
  for (const cut of cuts) {
    let last = units[units.length - 1];
    let place = 0;
    if (last) place = cut.at <= last.start ? -1 : safePlace(text, cut.at, last.start);
    if (place >= text.length) place = -1;
    if (cut.message !== undefined) message = cut.message;
    if (last && cut.at === last.start) {
      // Two cuts at one place: the later one names the unit.
      units.pop();
      const owner = sections[last.section];
      if (owner && owner.header === units.length) owner.header = -1;
      if (labelUnits[owner?.message ?? -1] === units.length) labelUnits[owner!.message] = -1;
      place = last.start;
      last = units[units.length - 1];
    }
    if (cut.title !== undefined) sections.push({ title: cut.title, header: -1, message });
    if (place < 0) {
      // Merged into the unit before: a block kept whole stays whole.
      if (last && cut.kind !== 'heading' && KIND_STRENGTH[cut.kind] > KIND_STRENGTH[last.kind]) {
        last.kind = cut.kind;
      }
      continue;
    }
    if (cut.kind === 'heading' && cut.title !== undefined) {
      sections[sections.length - 1]!.header = units.length;
      if (cut.message !== undefined) labelUnits[cut.message] = units.length;
    }
    if (last) last.end = place;
    units.push({ start: place, end: text.length, kind: cut.kind, section: sections.length - 1 });
  }
  return { units, sections, labelUnits };
}
