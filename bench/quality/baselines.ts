import { createRequire } from 'node:module';
import { renderContext } from '../../packages/local/src/engine/render-context.ts';
import { countTokens } from '../../packages/local/src/engine/tokenizer.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { bm25Rank } from './bm25.ts';
import type { SuiteExample } from './suite-example.ts';

/**
 * The baselines of the quality suite, each on the same token budget as the engine:
 * truncation (the first N tokens), random whole units, and BM25 whole units (units
 * ranked against the question, kept best first while they fit). A unit is a passage,
 * a message, a block of code between blank lines or a line of JSON, as the example's
 * `unitSeparator` (or its messages) says.
 */

interface Encoding {
  encode(text: string, options: { disallowedSpecial: Set<string> }): number[];
  decode(tokens: number[]): string;
}

const encoding = createRequire(new URL('../../packages/local/package.json', import.meta.url))(
  'gpt-tokenizer/encoding/o200k_base',
) as Encoding;

/** The text the engine reads: the string, or the messages rendered `role: content`. */
export function contextText(example: SuiteExample): string {
  return renderContext(example.context).text;
}

// The examples of one conversation share its (long) context: encode it once.
let lastEncoded: { context: string; tokens: number[] } | undefined;

export function truncate(context: string, budget: number): string {
  if (lastEncoded?.context !== context) {
    lastEncoded = { context, tokens: encoding.encode(context, { disallowedSpecial: new Set() }) };
  }
  return encoding.decode(lastEncoded.tokens.slice(0, budget));
}

/** The whole units of an example and what joins them back. */
export function unitsOf(example: SuiteExample): { units: string[]; separator: string } {
  if (typeof example.context !== 'string') {
    return { units: contextText(example).split('\n'), separator: '\n' };
  }
  const separator = example.unitSeparator ?? '\n';
  return { units: example.context.split(separator), separator };
}

/** Keeps units in `order` while they fit the budget (skipping any that does not), in place. */
export function keepInOrder(
  units: readonly string[],
  separator: string,
  order: readonly number[],
  budget: number,
): string {
  const separatorTokens = countTokens(separator);
  const kept: number[] = [];
  let used = 0;
  for (const index of order) {
    const cost = countTokens(units[index]!) + (kept.length > 0 ? separatorTokens : 0);
    if (used + cost > budget) continue;
    kept.push(index);
    used += cost;
  }
  return kept
    .sort((a, b) => a - b)
    .map((index) => units[index]!)
    .join(separator);
}

/** A seed from an example's id, so each example gets its own fixed random order. */
function seedOf(id: string): number {
  let hash = 2166136261;
  for (let at = 0; at < id.length; at++) hash = Math.imul(hash ^ id.charCodeAt(at), 16777619);
  return hash >>> 0;
}

export function randomUnits(example: SuiteExample, budget: number): string {
  const { units, separator } = unitsOf(example);
  const random = seededRandom(seedOf(example.id));
  const order = units
    .map((_, index) => ({ index, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ index }) => index);
  return keepInOrder(units, separator, order, budget);
}

export function bm25Units(example: SuiteExample, budget: number): string {
  const { units, separator } = unitsOf(example);
  return keepInOrder(units, separator, bm25Rank(units, example.query), budget);
}
