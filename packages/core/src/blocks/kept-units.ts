import { estimateTokens } from '../planner/estimate-tokens.ts';

/** A line this long or longer is cut into its sentences (prose, a JSON array written on one line). */
const LONG_LINE = 400;

/**
 * Where `text` may be cut so that what comes before is whole units: after each line, and
 * after each sentence of a long line. Ascending, the text's end last.
 */
function unitEnds(text: string): number[] {
  const ends: number[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    if (line.length >= LONG_LINE) {
      for (const match of line.matchAll(/[.!?;](?=\s+\S)/g)) ends.push(start + match.index + 1);
    }
    if (line.trim().length > 0) ends.push(end);
    start = end + 1;
  }
  return ends;
}

/**
 * Where each top-level element of a JSON array ends in `text` (the index after it), or
 * `undefined` when `text` is not one array. Found on the text itself, so the elements kept
 * keep their bytes (a number's text, `1e400` or `-0`, is never rewritten by a parse).
 */
function arrayElementEnds(text: string): number[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return undefined;
  try {
    if (!Array.isArray(JSON.parse(trimmed))) return undefined;
  } catch {
    return undefined;
  }
  const offset = text.indexOf('[');
  const ends: number[] = [];
  let depth = 0;
  let inString = false;
  for (let index = offset; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') {
      depth--;
      if (depth === 0) {
        // The array's own end closes its last element, if it has one.
        if (text.slice(offset + 1, index).trim().length > 0) ends.push(index);
        break;
      }
    } else if (char === ',' && depth === 1) ends.push(index);
  }
  return ends;
}

/**
 * The first whole units of a compression (lines, sentences of a long line, elements of a
 * JSON array) that fit in `budgetTokens` estimated tokens, at least one: the text a closed
 * tool result shows in the prompt. The same text for the same compression and budget, so
 * a block stays byte for byte; a compression that fits is returned as it is.
 */
export function keptUnits(compressed: string, budgetTokens: number): string {
  if (estimateTokens(compressed) <= budgetTokens) return compressed;
  const elements = arrayElementEnds(compressed);
  if (elements !== undefined) {
    // A JSON array stays a JSON array: its first elements, as written, and its closing bracket.
    const cutAt = (end: number) => `${compressed.slice(0, end).trimEnd()}]`;
    let kept = 1;
    while (kept < elements.length && estimateTokens(cutAt(elements[kept]!)) <= budgetTokens) kept++;
    return kept >= elements.length ? compressed : cutAt(elements[kept - 1]!);
  }
  if (compressed.trim().startsWith('{')) return compressed;
  const ends = unitEnds(compressed);
  let cut = ends[0] ?? compressed.length;
  for (const end of ends) {
    if (estimateTokens(compressed.slice(0, end)) > budgetTokens) break;
    cut = end;
  }
  return compressed.slice(0, cut).trimEnd();
}
