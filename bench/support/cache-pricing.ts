import { createRequire } from 'node:module';

/**
 * Prices a sequence of model calls the way providers bill cached input, in units of the
 * base input price of one token (multiply by the model's price per token for money).
 *
 * Anthropic (https://www.anthropic.com/pricing, prompt caching docs): a prefix up to a
 * cache breakpoint is written to the cache at 1.25x base input (5-minute cache) and read
 * at 0.1x; input after the last breakpoint costs 1x. At each breakpoint a request reads
 * the longest prefix an earlier request cached that ends at one of the 20 block
 * boundaries up to that breakpoint; what follows that read, up to the last breakpoint, is
 * written. A prefix shorter than the model's minimum (1,024 tokens on Claude Sonnet) is
 * not cached: it costs 1x and is neither written nor read.
 * OpenAI (https://openai.com/api/pricing): caching is automatic for prompts of 1,024 tokens
 * or more; the longest prefix shared with an earlier prompt, in 128-token steps, is billed
 * as cached input (0.1x on GPT-5 models: $0.125 against $1.25 per million), the rest at 1x.
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

/** A prompt as the provider receives it: its blocks in order, and which end in a cache breakpoint. */
export interface PricedPrompt {
  blocks: string[];
  /** Indexes of blocks that carry a cache breakpoint (`cache_control`). */
  breakpoints: number[];
}

export interface CallCost {
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Cost in base-input-token units. */
  cost: number;
}

export const ANTHROPIC_PRICES = { read: 0.1, write: 1.25, base: 1 } as const;
export const OPENAI_PRICES = { read: 0.1, base: 1 } as const;

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

/** Blocks Anthropic looks back from a breakpoint for an earlier cache entry. */
export const ANTHROPIC_LOOKBACK_BLOCKS = 20;
/** The shortest prefix Anthropic caches on Claude Sonnet models, in tokens. */
export const ANTHROPIC_MINIMUM_CACHED_TOKENS = 1024;

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

/** OpenAI's automatic caching, call by call. */
export class OpenAICache {
  readonly #previous: string[][] = [];

  price(blocks: readonly string[]): CallCost {
    const total = blocks.reduce((sum, block) => sum + countTokens(block), 0);
    let shared = 0;
    for (const earlier of this.#previous)
      shared = Math.max(shared, sharedPrefixTokens(earlier, blocks));
    this.#previous.push([...blocks]);
    const cached = total >= 1024 && shared >= 1024 ? Math.floor(shared / 128) * 128 : 0;
    return {
      inputTokens: total,
      cacheReadTokens: cached,
      cacheWriteTokens: 0,
      cost: cached * OPENAI_PRICES.read + (total - cached) * OPENAI_PRICES.base,
    };
  }
}

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
    const total = blocks.reduce((sum, block) => sum + countTokens(block), 0);
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
