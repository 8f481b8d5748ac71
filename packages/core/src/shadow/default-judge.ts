import type { JudgeInput, JudgeVerdict, ShadowToolCall } from './shadow-answer.ts';

/**
 * Word overlap (Dice over word sets) at or above which two answers with the same numbers,
 * names and tool calls agree: rewordings of one answer score above it, different answers
 * below (checked on the pairs in default-judge.test.ts).
 */
const TEXT_AGREEMENT = 0.5;

/**
 * The free, deterministic judge: two answers agree when they call the same tools with the
 * same arguments, state the same numbers and the same names, and share most of their
 * words after normalisation (case, accents, punctuation, spacing).
 */
export function defaultJudge({ compressed, original }: JudgeInput): JudgeVerdict {
  const reasons: string[] = [];
  const calls = [compressed.toolCalls, original.toolCalls].map(canonicalCalls);
  if (calls[0]!.join('\n') !== calls[1]!.join('\n')) reasons.push('tool calls differ');
  const numbers = difference(numbersOf(compressed.text), numbersOf(original.text));
  if (numbers.length > 0) reasons.push(`numbers differ: ${numbers.slice(0, 5).join(', ')}`);
  const names = difference(namesOf(compressed.text), namesOf(original.text));
  if (names.length > 0) reasons.push(`names differ: ${names.slice(0, 5).join(', ')}`);
  const score = dice(wordsOf(compressed.text), wordsOf(original.text));
  if (score < TEXT_AGREEMENT) reasons.push(`text overlap ${score.toFixed(2)}`);
  return { agree: reasons.length === 0, score, reasons };
}

function normalise(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function wordsOf(text: string): Set<string> {
  return new Set(normalise(text).match(/[\p{L}\p{N}]+/gu) ?? []);
}

function numbersOf(text: string): Set<string> {
  const found = text.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? [];
  // 1,200 and 1200 are the same number; a trailing .0 is not a different one.
  return new Set(found.map((number) => String(Number(number.replace(/,/g, '')))));
}

/** Capitalised words not at a sentence's start: a cheap, language-agnostic stand-in for named entities. */
function namesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const sentence of text.split(/[.!?\n]+/)) {
    const words = sentence.trim().split(/\s+/).slice(1);
    for (const word of words) {
      const bare = word.replace(/^[^\p{L}]+|[^\p{L}\p{N}]+$/gu, '');
      if (/^\p{Lu}/u.test(bare) && bare.length > 1) names.add(normalise(bare));
    }
  }
  return names;
}

function difference(left: Set<string>, right: Set<string>): string[] {
  return [
    ...[...left].filter((item) => !right.has(item)),
    ...[...right].filter((item) => !left.has(item)),
  ];
}

function dice(left: Set<string>, right: Set<string>): number {
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

function canonicalCalls(calls: readonly ShadowToolCall[]): string[] {
  return calls
    .map((call) => `${call.name}(${canonicalJson(parseArguments(call.arguments))})`)
    .sort();
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` compare equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
