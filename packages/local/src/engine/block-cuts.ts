import { ablated } from './ablation.ts';
import { recordLineStarts } from './record-lines.ts';
import type { Label } from './role-label.ts';
import { findSentenceCuts } from './sentence-cuts.ts';
import { isCased } from './text-case.ts';
import { isSafeCut } from './token-boundary.ts';
import type { UnitKind } from './unit-kind.ts';

/**
 * Where units should start, read line by line: fenced code and tables as one block
 * each, list items, the lines of a run of records, and sentences of prose. Sections
 * (the passages whose scores their sentences share) open at markdown headings, at
 * passage headers (a numbered label such as `[3] Title:` or `Document [3] (Title: t)`,
 * an XML-like tag such as `<doc title="t">`), at a short title line over a paragraph
 * and, in a text or message without markdown headings whose paragraphs are of passage
 * length, at every paragraph (parted by a blank line, or a line as long as a
 * paragraph); role labels open a section per message. The rules are the same for every source of text:
 * none is keyed to one data set's layout. segment.ts then moves each cut to a place
 * where token counts add up.
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
 * Without the bound, select-units.test.ts keeps nothing of such a one-line document.
 */
const MAX_HEADING = 200;
const HEADING = new RegExp(`#{1,6}[ \\t]+([^\\n]{0,${MAX_HEADING}})(?=\\r?\\n|$)`, 'y');
const MARKDOWN_HEADING = /^#{1,6}[ \t]/m;
const LIST_ITEM = /[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+\S/y;
const INDENTED = /[ \t]+\S/y;
const BLANK = /[ \t]*(?:\r?\n|$)/y;
/**
 * A line that opens a passage with a numbered label, in the ways prompts number their
 * sources: `[3] ...`, `Document [3] ...`, `Passage 3: ...`, `Source 3 (Title: t) ...`.
 * Group 1 is a `(Title: t)` after it.
 */
const NUMBERED_HEADER =
  /(?:\p{Lu}\p{L}{1,15}[ \t]*\[\d{1,5}\]|\[\d{1,5}\]|\p{Lu}\p{L}{1,15}[ \t]+\d{1,5}(?=[ \t]*[:.)(\]-]))[ \t]*[:.)\]-]?[ \t]*(?:\(Title:[ \t]*([^\n]*?)\)(?=[ \t\r\n]|$))?/uy;
/** A short title after a bare number label, up to its colon: `[3] Title: text`. */
const LABEL_TITLE = /([^\n.!?:]{1,100}?):[ \t]/y;
/** An opening XML-like tag at a line's start: `<doc title="t">`, `<document index="2">`. */
const OPEN_TAG =
  /<([A-Za-z][\w:-]*)((?:[ \t]+[\w:-]+[ \t]*=[ \t]*(?:"[^"\n]*"|'[^'\n]*'))*)[ \t]*>/y;
const TITLE_ATTRIBUTE =
  /(?:^|[ \t])(?:title|name|heading|source|subject)[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)')/i;
/**
 * A line longer than this is a paragraph of its own (hard-wrapped prose stays under
 * about 100 characters a line): a prompt that puts one passage a line gets one passage
 * per line, though no blank line parts them.
 */
// Not tuned (a bound between hard-wrapped lines and paragraphs); with it NQ dev at 10x keeps
// 83.0% with passages only (59.8% before) and the multi-hop tests' one-line paragraphs stay joined.
const PARAGRAPH_LINE = 240;
/** A title line: at most this many characters, over a longer line of the same block. */
// Not tuned: NQ titles are under 60 characters; dev title-line layout 92.8% at 10x (66.8% before).
const MAX_TITLE_LINE = 100;

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
    isHeaderAt(text, index) ||
    (at(TABLE_ROW, text, index) !== null && at(TABLE_ROW, text, lineEnd(text, index)) !== null)
  );
}

/** True when the line at `index` opens with a numbered label or an XML-like tag. */
function isHeaderAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  // A cheap first look: the patterns open with `[`, `<` or a capital letter.
  if (code !== 91 && code !== 60 && !(code >= 65 && code <= 90) && code < 128) return false;
  return at(NUMBERED_HEADER, text, index) !== null || at(OPEN_TAG, text, index) !== null;
}

/**
 * The kind of passage header at `index` (`document [`, `[`, `passage `, `<doc`), or ''
 * when there is none there: a header counts only when its kind opens at least two lines
 * of the text, a list of passages, so that one line that happens to open with "June 5:"
 * or a tag is read as prose.
 */
function headerKind(text: string, index: number): string {
  if (!isHeaderAt(text, index)) return '';
  const numbered = at(NUMBERED_HEADER, text, index);
  if (numbered && numbered[0].length > 0) {
    return numbered[0].slice(0, numbered[0].search(/\d/)).toLowerCase();
  }
  const tag = at(OPEN_TAG, text, index);
  return tag ? `<${tag[1]!.toLowerCase()}` : '';
}

/** The header kinds that open two lines or more of `text` (see `headerKind`). */
function repeatedHeaderKinds(text: string): Set<string> {
  const counts = new Map<string, number>();
  const repeated = new Set<string>();
  for (let line = 0; line < text.length; line = lineEnd(text, line)) {
    let start = line;
    while (text[start] === ' ' || text[start] === '\t') start++;
    const kind = headerKind(text, start);
    if (kind === '') continue;
    const count = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, count);
    if (count >= 2) repeated.add(kind);
  }
  return repeated;
}

/**
 * A passage header at `index`: a numbered label or an opening tag, with the title it
 * gives (from `(Title: t)`, a `title` attribute, or the short text before a colon after
 * a bare label) and where its content starts.
 */
function headerAt(text: string, index: number): { title: string; end: number } | undefined {
  const found = headerMatch(text, index);
  // The content starts at the white space after the header: a word's token holds the
  // space before it, so only there do the token counts add up (token-boundary.ts).
  while (
    found &&
    found.end > index + 1 &&
    (text[found.end - 1] === ' ' || text[found.end - 1] === '\t')
  )
    found.end--;
  return found;
}

function headerMatch(text: string, index: number): { title: string; end: number } | undefined {
  const numbered = at(NUMBERED_HEADER, text, index);
  if (numbered && numbered[0].length > 0) {
    if (numbered[1] !== undefined)
      return { title: numbered[1].trim(), end: index + numbered[0].length };
    const bare = !/[:.)-]\s*$/.test(numbered[0]);
    const label = bare ? at(LABEL_TITLE, text, index + numbered[0].length) : null;
    if (label) return { title: label[1]!.trim(), end: label.index + label[0].length };
    return { title: '', end: index + numbered[0].length };
  }
  const tag = at(OPEN_TAG, text, index);
  if (tag) {
    const attribute = TITLE_ATTRIBUTE.exec(tag[2] ?? '');
    return { title: (attribute?.[1] ?? attribute?.[2] ?? '').trim(), end: index + tag[0].length };
  }
  return undefined;
}

/**
 * A title line at `index`: short, not ending a sentence or a clause, not markup, with a
 * longer line right under it in the same block. Returns the end of the line.
 */
function titleLineAt(text: string, index: number): number {
  const end = lineEnd(text, index);
  const line = text.slice(index, end).trim();
  if (line.length === 0 || line.length > MAX_TITLE_LINE || /[.!?:;,]["'”’)\]]*$/.test(line))
    return -1;
  if (/^[<{[(|`>]/.test(line) || end >= text.length || at(BLANK, text, end) !== null) return -1;
  if (isSpecialLine(text, end)) return -1;
  const next = text.slice(end, lineEnd(text, end)).trim();
  // A title is shorter than the text under it. "Clearly shorter" (1.5x) kept no more (whole
  // dev, 2026-11-26, 2x / 4x / 10x: multi-hop large, title line 73.7 -> 74.0% at 4x, iApp
  // Wiki QA 98.4 / 95.5 / 83.4 -> 98.2 / 95.3 / 82.9%, every other set the same).
  return next.length > line.length && /\s/.test(next) ? end : -1;
}

/** The text's paragraphs (parted by blank lines): how many, and their mean length in characters. */
function paragraphsOf(text: string): { count: number; mean: number } {
  let paragraphs = 0;
  let inside = false;
  let characters = 0;
  for (let line = 0; line < text.length; ) {
    const end = lineEnd(text, line);
    const blank = at(BLANK, text, line) !== null;
    if (!blank && !inside) paragraphs++;
    if (!blank) characters += end - line;
    inside = !blank;
    line = end;
  }
  return { count: paragraphs, mean: paragraphs === 0 ? 0 : characters / paragraphs };
}

/**
 * A message holds passages only with at least this many paragraphs (a retrieval prompt:
 * an instruction over two passages or more): a turn of one or two long paragraphs is one
 * speaker's message. Not tuned beyond this: REALTALK with the question, dev 10x, 76.4%
 * when any message could hold passages, 76.9% (as before) with this; NQ as a chat prompt
 * the same either way. Section meaning reads the same bound (section-meaning.ts).
 */
export const MIN_MESSAGE_PARAGRAPHS = 3;

/**
 * Whether the paragraphs of `text[start, end)` (the whole text, or one `message`'s
 * content) are passages: no markdown heading (its headings are its sections), and
 * paragraphs of passage length on average, or most of them under a title line. Short
 * paragraphs (a line or two each) are the thoughts of one passage, not passages.
 */
function holdsPassages(text: string, start: number, end: number, message: boolean): boolean {
  const part = text.slice(start, end);
  if (MARKDOWN_HEADING.test(part)) return false;
  const { count, mean } = paragraphsOf(part);
  if (message && count < MIN_MESSAGE_PARAGRAPHS) return false;
  return mean > PARAGRAPH_LINE || mostlyTitled(text, start, end);
}

/**
 * Whether most paragraphs of `text[start, end)`, three at least, open with a title line
 * over their text: short passages are passages too when each has its title. Without it,
 * the title-line layout of ten short passages (2WikiMultihopQA's, 150 to 250 characters)
 * was one section, each title line joined to its first sentence, in 30 of the large
 * multi-hop set's 342 dev contexts (and fewer sections than passages in 45 more; 48
 * then). Dev, that set under title lines, 2x / 4x / 10x: 82.2 / 65.8 / 39.2 to 83.9 /
 * 69.3 / 40.9%; every other set unchanged.
 */
function mostlyTitled(text: string, start: number, end: number): boolean {
  let paragraphs = 0;
  let titled = 0;
  let inside = false;
  for (let line = start; line < end; ) {
    const next = lineEnd(text, line);
    const blank = at(BLANK, text, line) !== null;
    if (!blank && !inside) {
      paragraphs++;
      if (titleLineAt(text, line) >= 0) titled++;
    }
    inside = !blank;
    line = next;
  }
  return paragraphs >= 3 && 2 * titled > paragraphs;
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
  let lineStart = index;
  while (line < limit && at(BLANK, text, line) === null) {
    // A line as long as a paragraph is one: the next line starts another.
    if (!item && line - lineStart > PARAGRAPH_LINE) break;
    lineStart = line;
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
  // In a text (or a message) without markdown headings, each paragraph is a passage of
  // its own (its section), titled by a title line over it when it has one: the
  // passages a retrieval prompt puts in its system or user message are passages too.
  let passages = labels.length === 0 && holdsPassages(text, 0, text.length, false);
  let sectionFilled = false;
  let pendingTitle: string | undefined;
  const headerKinds = repeatedHeaderKinds(text);
  while (index < text.length) {
    const next = labels[label];
    if (next && index >= next.start) {
      cuts.push({ at: next.start, kind: 'heading', title: '', message: next.message });
      index = next.end;
      label++;
      passages = holdsPassages(text, index, labels[label]?.start ?? text.length, true);
      sectionFilled = false;
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
      const header =
        headerKinds.size > 0 && headerKinds.has(headerKind(text, index))
          ? headerAt(text, index)
          : undefined;
      if (header && !isSafeCut(text, header.end) && at(BLANK, text, header.end) === null) {
        // `<doc>Text`: the first word shares a token with the `>`, so the tag cannot be
        // a unit of its own; it opens its passage inside the first sentence.
        pendingTitle = header.title;
      } else if (header) {
        cuts.push({ at: index, kind: 'heading', title: header.title });
        index = header.end;
        midLine = at(BLANK, text, index) === null;
        if (!midLine) index = lineEnd(text, index);
        sectionFilled = false;
        continue;
      }
      const title = passages ? titleLineAt(text, index) : -1;
      if (title >= 0) {
        cuts.push({ at: index, kind: 'heading', title: text.slice(index, title).trim() });
        index = title;
        sectionFilled = false;
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
    // A paragraph opens a passage, unless it is the first under a header or title.
    const opens =
      pendingTitle !== undefined
        ? { title: pendingTitle }
        : passages && sectionFilled && !item && !midLine
          ? { title: '' }
          : {};
    pendingTitle = undefined;
    sectionFilled = true;
    // A run of records is cut at its lines; prose at its sentences.
    const records = item || ablated.has('record-lines') ? [] : recordLineStarts(text, index, end);
    if (records.length > 0) {
      cuts.push({ at: index, kind: 'record', ...opens });
      for (const at of records) cuts.push({ at, kind: 'record' });
    } else {
      cuts.push({ at: index, kind: item ? 'item' : 'text', ...opens });
      for (const cut of findSentenceCuts(text, index, end, cased))
        cuts.push({ at: cut, kind: 'text' });
    }
    index = end;
    midLine = false;
  }
  return cuts;
}
