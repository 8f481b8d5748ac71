import type { Segmentation } from './segment.ts';
import { isStopWord } from './terms.ts';

/**
 * Code units that define what the query names come first. A question about a function
 * ("What does `add_headers` do?", "How is close implemented?") needs that function's
 * definition whole, more than the many lines that merely call it, which word-level
 * relevance cannot tell apart. A unit of code whose first line declares a name the
 * query spells exactly (case and underscores included) is moved above every other.
 */

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;
/** Names declared on a line: after a keyword, before `=` and a function, or a method head. */
const DECLARATIONS = [
  /\b(?:def|class|function\*?|fn|func|fun|sub|struct|enum|interface|trait|type|impl|module|macro)[ \t]+([A-Za-z_$][\w$]*)/g,
  /([A-Za-z_$][\w$]*)[ \t]*[=:][ \t]*(?:async[ \t]*)?(?:function\b|\([^)]*\)[ \t]*=>|[A-Za-z_$][\w$]*[ \t]*=>)/g,
  /^[ \t]*(?:(?:public|private|protected|static|async|override|readonly|get|set)[ \t]+)*([A-Za-z_$][\w$]*)[ \t]*(?:<[^>]*>)?\([^)]*\)[ \t]*(?::[^{]*)?\{/g,
];

/** The identifiers of a query that could name a definition. */
function queryNames(query: string): Set<string> {
  const names = new Set<string>();
  for (const [name] of query.matchAll(IDENTIFIER)) {
    if (name.length >= 2 && !isStopWord(name.toLowerCase())) names.add(name);
  }
  return names;
}

function declaredNames(line: string): string[] {
  const names: string[] = [];
  for (const pattern of DECLARATIONS) {
    for (const match of line.matchAll(pattern)) names.push(match[1]!);
  }
  return names;
}

/** Raises, in place, the scores of code units that define a name the query spells. */
export function boostNamedDefinitions(
  text: string,
  segmentation: Segmentation,
  query: string,
  scores: Float64Array,
): void {
  const names = queryNames(query);
  if (names.size === 0) return;
  let top = 0;
  for (const score of scores) top = Math.max(top, score);
  const { units } = segmentation;
  for (let unit = 0; unit < units.length; unit++) {
    const { kind, start, end } = units[unit]!;
    if (kind !== 'code') continue;
    // The first line that is not blank, at most a few hundred characters of it.
    let from = start;
    while (from < end && /\s/.test(text[from]!)) from++;
    const lineEnd = text.indexOf('\n', from);
    const line = text.slice(
      from,
      Math.min(lineEnd < 0 || lineEnd > end ? end : lineEnd, from + 300),
    );
    if (declaredNames(line).some((name) => names.has(name))) scores[unit] = top + 1 + scores[unit]!;
  }
}
