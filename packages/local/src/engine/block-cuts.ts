import { recordLineStarts } from './record-lines.ts';
import type { Label, UnitKind } from './segment.ts';
import { findSentenceCuts } from './sentence-cuts.ts';
import { isCased } from './text-case.ts';

/**
 * Where units should start, read line by line: fenced code and tables as one block
 * each, headings and `Document [n] (Title: ...)` headers (which open a titled
 * section), list items, the lines of a run of records, and sentences of prose; role
 * labels open a section per message. segment.ts then moves each cut to a place where
 * token counts add up.
 */

export interface Cut {
  at: number;
  kind: UnitKind;
  /** Set when the cut opens a new section. */
  title?: string;
  message?: number;
}

const FENCE = /[ \t]{0,3}(`{3,}|~{3,})/y;
const TABLE_ROW = /[ \t]*\|/y;
/**
 * A heading is one line of at most `MAX_HEADING` characters: a longer `# ...` line is
 * prose that happens to open with a hash (a document with its line breaks collapsed),
 * and taking it as a heading would make the whole text one unit that is never kept.
 */
const MAX_HEADING = 200;
const HEADING = new RegExp(`#{1,6}[ \\t]+([^\\n]{0,${MAX_HEADING}})(?=\\r?\\n|$)`, 'y');
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

export function collectCuts(text: string, labels: Label[]): Cut[] {
  const cuts: Cut[] = [];
  const cased = isCased(text);
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
    // A run of records is cut at its lines; prose at its sentences.
    const records = item ? [] : recordLineStarts(text, index, end);
    if (records.length > 0) {
      for (const at of [index, ...records]) cuts.push({ at, kind: 'record' });
    } else {
      cuts.push({ at: index, kind: item ? 'item' : 'text' });
      for (const cut of findSentenceCuts(text, index, end, cased))
        cuts.push({ at: cut, kind: 'text' });
    }
    index = end;
    midLine = false;
  }
  return cuts;
}
