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

/** The elements of a JSON array, or `undefined` when `text` is not one. */
function jsonArray(text: string): unknown[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first whole units of a compression (lines, sentences of a long line, elements of a
 * JSON array) that fit in `budgetTokens` estimated tokens, at least one: the text a closed
 * tool result shows in the prompt. The same text for the same compression and budget, so
 * a block stays byte for byte; a compression that fits is returned as it is.
 */
export function keptUnits(compressed: string, budgetTokens: number): string {
  if (estimateTokens(compressed) <= budgetTokens) return compressed;
  const elements = jsonArray(compressed);
  if (elements !== undefined) {
    // A JSON array stays a JSON array: its first elements, written compactly.
    let kept = 1;
    while (
      kept < elements.length &&
      estimateTokens(JSON.stringify(elements.slice(0, kept + 1))) <= budgetTokens
    )
      kept++;
    return kept >= elements.length ? compressed : JSON.stringify(elements.slice(0, kept));
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
