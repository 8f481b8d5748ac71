import {
  ANTHROPIC_MINIMUM_CACHED_TOKENS,
  ANTHROPIC_PRICES,
} from './pricing-anthropic-breakpoints.ts';
import { type CallCost, promptTokens, sharedPrefixTokens } from './prompt-tokens.ts';

/**
 * Automatic prefix caching at Anthropic's prices, whatever breakpoints a request carries:
 * every prompt (of 1,024 tokens or more) is cached to its end; the next one reads its
 * longest common prefix with the previous prompt at 0.1x and writes the rest at 1.25x.
 * The same rule prices every variant, the uncompressed baseline included, so a saving
 * measured under it does not depend on where an app places its breakpoints.
 */
export class AnthropicAutomaticCache {
  #previous: readonly string[] = [];

  price(blocks: readonly string[]): CallCost {
    const total = promptTokens(blocks);
    const shared = sharedPrefixTokens(this.#previous, blocks);
    this.#previous = [...blocks];
    if (total < ANTHROPIC_MINIMUM_CACHED_TOKENS) {
      return { inputTokens: total, cacheReadTokens: 0, cacheWriteTokens: 0, cost: total };
    }
    const read = shared >= ANTHROPIC_MINIMUM_CACHED_TOKENS ? shared : 0;
    const written = total - read;
    return {
      inputTokens: total,
      cacheReadTokens: read,
      cacheWriteTokens: written,
      cost: read * ANTHROPIC_PRICES.read + written * ANTHROPIC_PRICES.write,
    };
  }
}
