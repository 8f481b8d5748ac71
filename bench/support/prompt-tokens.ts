import { createRequire } from 'node:module';

/**
 * Tokens of a prompt as the pricing rules count them: o200k (`gpt-tokenizer`, the local
 * engine's tokenizer) on the blocks as sent, the same count for every provider's rule so
 * that ratios compare the prompts, not the tokenizers.
 */

interface Encoding {
  countTokens(text: string): number;
}
const encoding = createRequire(new URL('../../packages/local/package.json', import.meta.url))(
  'gpt-tokenizer/encoding/o200k_base',
) as Encoding;

const tokenCache = new Map<string, number>();
export function countTokens(text: string): number {
  let count = tokenCache.get(text);
  if (count === undefined) {
    count = encoding.countTokens(text);
    if (tokenCache.size > 50_000) tokenCache.clear();
    tokenCache.set(text, count);
  }
  return count;
}

/** Tokens of a whole prompt: the sum over its blocks. */
export function promptTokens(blocks: readonly string[]): number {
  return blocks.reduce((sum, block) => sum + countTokens(block), 0);
}

/** Tokens of the longest common prefix of two prompts, compared block by block, then within the first differing block. */
export function sharedPrefixTokens(left: readonly string[], right: readonly string[]): number {
  let tokens = 0;
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const a = left[index]!;
    const b = right[index]!;
    if (a === b) {
      tokens += countTokens(a);
      continue;
    }
    let same = 0;
    while (same < a.length && same < b.length && a[same] === b[same]) same++;
    return tokens + countTokens(a.slice(0, same));
  }
  return tokens;
}

/** What one call is billed for its input, in units of the base input price of one token. */
export interface CallCost {
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Cost in base-input-token units. */
  cost: number;
}
