/**
 * Line-oriented blocks: records a tool or a log prints one per line ("order 7001 | customer
 * Acme | status pending"), CSV rows, key-value dumps. Their lines carry no sentence
 * punctuation, so prose segmentation sees one long paragraph and cuts it at token counts,
 * which keeps pieces of records: a total without its order, a warehouse without its line.
 * A record is a unit of meaning, so such a block is cut at every line instead.
 *
 * Hard-wrapped prose (an email at 72 columns) is also a run of lines without end
 * punctuation; it is told apart by shape: records repeat a delimiter the same number of
 * times on most lines, or open most lines with the same word.
 */

/**
 * Fewer lines than this are not a block of records worth cutting line by line. Record
 * lines off: three tests of compress-records.test.ts fail (a record cut in two, the
 * records a question names not kept first); no dev set moves, first 50 of each (bench/README.md).
 */
const MIN_RECORD_LINES = 3;
/** Share of the lines that must show the block's shape (its test: MIN_RECORD_LINES's). */
const SHAPED_SHARE = 0.6;
const DELIMITERS = ['|', '\t', ',', ';'] as const;

interface Line {
  start: number;
  text: string;
}

function linesOf(text: string, start: number, end: number): Line[] {
  const lines: Line[] = [];
  let index = start;
  while (index < end) {
    const newline = text.indexOf('\n', index);
    const stop = newline < 0 || newline >= end ? end : newline + 1;
    const line = text.slice(index, stop).replace(/\r?\n$/, '');
    if (line.trim().length > 0) lines.push({ start: index, text: line });
    index = stop;
  }
  return lines;
}

/** The most frequent value's count. */
function modeCount(values: readonly string[]): number {
  const counts = new Map<string, number>();
  let best = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > best) best = count;
  }
  return best;
}

/** The line's opening word, its digits folded so "2026-01-02" and "2026-03-04" match. */
function openingWord(line: string): string {
  const word = /^\s*([^\s|,;:=]+)/.exec(line)?.[1] ?? '';
  return word.toLowerCase().replace(/\d+/g, '0');
}

function delimiterCount(line: string, delimiter: string): number {
  let count = 0;
  for (const character of line) if (character === delimiter) count++;
  return count;
}

function isRecordBlock(lines: readonly Line[]): boolean {
  if (lines.length < MIN_RECORD_LINES) return false;
  const needed = Math.ceil(lines.length * SHAPED_SHARE);
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => delimiterCount(line.text, delimiter));
    // The same number of fields on most lines, at least two delimiters each.
    const shaped = counts.filter((count) => count >= 2).map(String);
    if (shaped.length >= needed && modeCount(shaped) >= needed) return true;
  }
  const words = lines.map((line) => openingWord(line.text)).filter((word) => word.length > 0);
  return modeCount(words) >= needed && lines.length >= 2 * MIN_RECORD_LINES - 1;
}

/**
 * The start of every line after the first of `text[start, end)` when the block is a run
 * of records, else an empty list.
 */
export function recordLineStarts(text: string, start: number, end: number): number[] {
  const lines = linesOf(text, start, end);
  if (!isRecordBlock(lines)) return [];
  return lines.slice(1).map((line) => line.start);
}
