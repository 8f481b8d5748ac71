import { type CallCost, promptTokens, sharedPrefixTokens } from './prompt-tokens.ts';

/**
 * OpenAI's automatic caching (https://openai.com/api/pricing, prompt caching guide):
 * prompts of 1,024 tokens or more are cached; the longest prefix shared with an earlier
 * prompt, from 1,024 tokens on in 128-token increments, is billed as cached input (0.1x on
 * GPT-5 models: $0.125 against $1.25 per million), the rest at 1x. Nothing is charged for
 * writing.
 */
export const OPENAI_PRICES = { read: 0.1, base: 1 } as const;
export const OPENAI_MINIMUM_CACHED_TOKENS = 1024;
export const OPENAI_CACHE_INCREMENT = 128;

/** OpenAI's automatic caching, call by call. */
export class OpenAICache {
  readonly #previous: string[][] = [];

  price(blocks: readonly string[]): CallCost {
    const total = promptTokens(blocks);
    let shared = 0;
    for (const earlier of this.#previous)
      shared = Math.max(shared, sharedPrefixTokens(earlier, blocks));
    this.#previous.push([...blocks]);
    const cached =
      total >= OPENAI_MINIMUM_CACHED_TOKENS && shared >= OPENAI_MINIMUM_CACHED_TOKENS
        ? Math.floor(shared / OPENAI_CACHE_INCREMENT) * OPENAI_CACHE_INCREMENT
        : 0;
    return {
      inputTokens: total,
      cacheReadTokens: cached,
      cacheWriteTokens: 0,
      cost: cached * OPENAI_PRICES.read + (total - cached) * OPENAI_PRICES.base,
    };
  }
}
