import { createRequire } from 'node:module';
import { countTokens } from '../../packages/local/src/engine/tokenizer.ts';
import { documentLine, type Example } from './examples.ts';

/**
 * The two baselines, on the same token budget as the engine: plain truncation (the
 * first N tokens) and BM25 whole-passage selection (passages ranked by BM25 against
 * the question, kept whole in rank order while they fit).
 */

interface Encoding {
  encode(text: string, options: { disallowedSpecial: Set<string> }): number[];
  decode(tokens: number[]): string;
}

const encoding = createRequire(new URL('../../packages/local/package.json', import.meta.url))(
  'gpt-tokenizer/encoding/o200k_base',
) as Encoding;

export function truncate(context: string, budget: number): string {
  const tokens = encoding.encode(context, { disallowedSpecial: new Set() });
  return encoding.decode(tokens.slice(0, budget));
}

const STOP = new Set(
  (
    'a an and are as at be by for from has he in is it its of on or that the to was were will ' +
    'with what who when where which how did does do'
  ).split(' '),
);

/**
 * `plain`: the passage text only, every word, stopping at the first passage that does
 * not fit (the usual form, and the one the issue quotes). `titled`: the title too,
 * stop words dropped, and passages that do not fit are skipped for later ones that do.
 */
export type PassageVariant = 'plain' | 'titled';

function words(text: string, variant: PassageVariant): string[] {
  const all = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return variant === 'titled' ? all.filter((word) => !STOP.has(word)) : all;
}

/** Passage indexes by BM25 score against the question (k1 1.2, b 0.75), best first. */
export function rankPassages(example: Example, variant: PassageVariant): number[] {
  const documents = example.documents.map((document) =>
    words(variant === 'titled' ? `${document.title} ${document.text}` : document.text, variant),
  );
  const average = documents.reduce((sum, document) => sum + document.length, 0) / documents.length;
  const query = [...new Set(words(example.question, variant))];
  const scores = documents.map((document) => {
    let score = 0;
    for (const term of query) {
      const frequency = document.filter((word) => word === term).length;
      if (frequency === 0) continue;
      const containing = documents.filter((other) => other.includes(term)).length;
      const idf = Math.log(1 + (documents.length - containing + 0.5) / (containing + 0.5));
      const norm = 1.2 * (1 - 0.75 + (0.75 * document.length) / average);
      score += (idf * frequency * 2.2) / (frequency + norm);
    }
    return score;
  });
  return scores.map((_, index) => index).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

export function selectPassages(example: Example, budget: number, variant: PassageVariant): string {
  const kept: number[] = [];
  let used = 0;
  for (const index of rankPassages(example, variant)) {
    const line = documentLine(example.documents[index]!, index);
    const cost = countTokens(line) + (kept.length > 0 ? 1 : 0);
    if (used + cost > budget) {
      if (variant === 'plain') break;
      continue;
    }
    kept.push(index);
    used += cost;
  }
  return kept
    .sort((a, b) => a - b)
    .map((index) => documentLine(example.documents[index]!, index))
    .join('\n');
}
