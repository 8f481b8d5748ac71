import { type CallCost, countTokens } from './prompt-tokens.ts';

/**
 * Anthropic's prompt cache as a request's explicit breakpoints bill it
 * (https://www.anthropic.com/pricing, prompt caching docs): a prefix up to a cache
 * breakpoint is written to the 5-minute cache at 1.25x base input and read at 0.1x; input
 * after the last breakpoint costs 1x. At each breakpoint a request reads the longest
 * prefix an earlier request cached that ends at one of the 20 block boundaries up to that
 * breakpoint; what follows that read, up to the last breakpoint, is written. A prefix
 * shorter than the model's minimum (1,024 tokens on Claude Sonnet) is not cached: it
 * costs 1x and is neither written nor read.
 */

/** A prompt as the provider receives it: its blocks in order, and which end in a cache breakpoint. */
export interface PricedPrompt {
  blocks: string[];
  /** Indexes of blocks that carry a cache breakpoint (`cache_control`). */
  breakpoints: number[];
}

export const ANTHROPIC_PRICES = { read: 0.1, write: 1.25, base: 1 } as const;
/** Blocks Anthropic looks back from a breakpoint for an earlier cache entry. */
export const ANTHROPIC_LOOKBACK_BLOCKS = 20;
/** The shortest prefix Anthropic caches on Claude Sonnet models, in tokens. */
export const ANTHROPIC_MINIMUM_CACHED_TOKENS = 1024;

/** Prefix keys: the blocks joined with a separator no block contains, so prefixes compare exactly. */
function prefixKeys(blocks: readonly string[]): string[] {
  const keys: string[] = [];
  let key = '';
  for (const block of blocks) {
    key += `${block}\u0000`;
    keys.push(key);
  }
  return keys;
}

/** Anthropic's schedule, call by call, with a cache shared by the calls. */
export class AnthropicCache {
  readonly #entries = new Set<string>();

  price(prompt: PricedPrompt): CallCost {
    const sizes = prompt.blocks.map(countTokens);
    const keys = prefixKeys(prompt.blocks);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    const sumTo = (end: number) => sizes.slice(0, end + 1).reduce((sum, size) => sum + size, 0);
    const breakpoints = [...new Set(prompt.breakpoints)]
      .filter((index) => index >= 0 && index < keys.length)
      .sort((left, right) => left - right);
    let readUpTo = -1;
    for (const breakpoint of breakpoints) {
      const from = Math.max(0, breakpoint - ANTHROPIC_LOOKBACK_BLOCKS + 1);
      for (let index = breakpoint; index >= from && index > readUpTo; index--) {
        if (this.#entries.has(keys[index]!)) {
          readUpTo = index;
          break;
        }
      }
    }
    const cacheable = breakpoints.filter(
      (index) => sumTo(index) >= ANTHROPIC_MINIMUM_CACHED_TOKENS,
    );
    const lastBreakpoint = Math.max(-1, ...cacheable);
    const read = sumTo(readUpTo);
    const written = lastBreakpoint > readUpTo ? sumTo(lastBreakpoint) - read : 0;
    const base = total - read - written;
    for (const index of cacheable) this.#entries.add(keys[index]!);
    return {
      inputTokens: total,
      cacheReadTokens: read,
      cacheWriteTokens: written,
      cost: read * ANTHROPIC_PRICES.read + written * ANTHROPIC_PRICES.write + base,
    };
  }
}
