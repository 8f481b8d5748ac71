import { estimateTokens } from '../planner/estimate-tokens.ts';
import { DEFAULT_RECALL_TOKENS } from '../policy/compression-policy.ts';

/** A compressed part whose original may hold what the current question needs. */
export interface RecallSource {
  handle: string;
  original: string;
  compressed: string;
}

export interface RecalledUnit {
  handle: string;
  text: string;
}

/** The line that opens a recall message. */
export const RECALL_HEADER =
  'Recalled from the compressed history for the current question (verbatim excerpts):';

// Words that match everywhere and so tell nothing about which line a question needs.
const stopWords = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i ' +
    'in into is it its me my of on or our over said should so than that the their them ' +
    'then there these they this those to was we were what when where which who why will ' +
    'with would you your about after again all also any before earlier first just last ' +
    'look looked tell us up out one get got'
  ).split(' '),
);

/** The search terms of a text: lower-case words and numbers, stop words left out. */
export function recallTerms(text: string): string[] {
  const terms: string[] = [];
  for (const match of text
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}][\p{L}\p{N}_.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu)) {
    const term = match[0];
    if (stopWords.has(term) || (term.length < 2 && !/\d/.test(term))) continue;
    terms.push(term);
  }
  return terms;
}

/**
 * Query-aware recall: the lines of the compressed parts' originals that the current
 * question needs and the compression dropped, best first within `budgetTokens`, given
 * back in their original order. Blocks are compressed before later questions exist; this
 * brings back what a new question asks about, placed after the cached prefix so the
 * prefix stays identical. A line scores the inverse document frequency of the question's
 * terms it holds, so a rare identifier ("order 4471") counts and words most lines share do not.
 */
export function recallOriginals(
  query: string,
  sources: readonly RecallSource[],
  budgetTokens: number = DEFAULT_RECALL_TOKENS,
): RecalledUnit[] {
  const queryTerms = new Set(recallTerms(query));
  if (queryTerms.size === 0 || budgetTokens <= 0) return [];
  const units: { handle: string; text: string; terms: Set<string>; order: number }[] = [];
  const seen = new Set<string>();
  // How rare a term is, over every line of the originals: a word the compression mostly
  // kept ("pending" on most pending records) is rare among the dropped lines but names
  // no line in particular.
  const documentFrequency = new Map<string, number>();
  let lines = 0;
  for (const source of sources) {
    for (const text of splitUnits(source.original)) {
      if (seen.has(text)) continue;
      seen.add(text);
      lines++;
      const terms = new Set(recallTerms(text));
      for (const term of queryTerms) {
        if (terms.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      }
      if (source.compressed.includes(text)) continue;
      units.push({ handle: source.handle, text, terms, order: units.length });
    }
  }
  // As rare as a term found in one line of eight, or in one line of a short original.
  const minimumScore = Math.log(1 + Math.min(lines, 8));
  const scored = units
    .map((unit) => {
      let score = 0;
      for (const term of queryTerms) {
        const frequency = documentFrequency.get(term);
        // A term found in a quarter of the lines or more tells no line apart.
        if (frequency && unit.terms.has(term) && frequency * 4 <= Math.max(lines, 4)) {
          score += Math.log(1 + lines / frequency);
        }
      }
      return { unit, score };
    })
    .filter(({ score }) => score >= minimumScore)
    .sort((left, right) => right.score - left.score || left.unit.order - right.unit.order);
  const chosen: typeof units = [];
  let spent = 0;
  for (const { unit } of scored) {
    const cost = estimateTokens(unit.text) + 4;
    if (spent + cost > budgetTokens) continue;
    chosen.push(unit);
    spent += cost;
  }
  return chosen
    .sort((left, right) => left.order - right.order)
    .map(({ handle, text }) => ({ handle, text }));
}

/** The recall message's text, or `undefined` when nothing was recalled. */
export function recallText(units: readonly RecalledUnit[]): string | undefined {
  if (units.length === 0) return undefined;
  return [RECALL_HEADER, ...units.map((unit) => `[${unit.handle}] ${unit.text}`)].join('\n');
}

/** Lines, and sentences of long lines: the units a recall brings back whole. */
function splitUnits(text: string): string[] {
  const units: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.length === 0) continue;
    if (trimmed.length <= 400) {
      units.push(trimmed);
      continue;
    }
    // Sentences of prose, records of a JSON array written on one line.
    for (const sentence of trimmed.split(/(?<=[.!?;])\s+|(?<=\}),(?=\s*\{)/)) {
      if (sentence.trim().length > 0) units.push(sentence.trim());
    }
  }
  return units;
}
