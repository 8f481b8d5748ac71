import { describe, expect, it } from 'vitest';
import { AnthropicCache } from '../support/pricing-anthropic-breakpoints.ts';
import { countTokens } from '../support/prompt-tokens.ts';

const head = 'a word or two '.repeat(1_000);
const tokens = (blocks: string[]) => blocks.reduce((sum, block) => sum + countTokens(block), 0);

describe('Anthropic’s explicit breakpoints', () => {
  it('writes up to the last breakpoint at 1.25x, bills what follows at 1x, and reads it back at 0.1x', () => {
    const cache = new AnthropicCache();
    const first = cache.price({ blocks: [head, 'one', 'tail'], breakpoints: [1] });
    expect(first.cacheWriteTokens).toBe(tokens([head, 'one']));
    expect(first.cost).toBeCloseTo(tokens([head, 'one']) * 1.25 + countTokens('tail'));
    const second = cache.price({ blocks: [head, 'one', 'two'], breakpoints: [2] });
    expect(second.cacheReadTokens).toBe(tokens([head, 'one']));
    expect(second.cacheWriteTokens).toBe(countTokens('two'));
  });

  it('reads nothing without a breakpoint, even when the prefix was cached', () => {
    const cache = new AnthropicCache();
    cache.price({ blocks: [head, 'one'], breakpoints: [1] });
    const bare = cache.price({ blocks: [head, 'one', 'two'], breakpoints: [] });
    expect(bare.cacheReadTokens).toBe(0);
    expect(bare.cost).toBe(tokens([head, 'one', 'two']));
  });

  it('finds an earlier entry only within 20 blocks before a breakpoint', () => {
    const cache = new AnthropicCache();
    cache.price({ blocks: [head], breakpoints: [0] });
    const filler = Array.from({ length: 19 }, (_, index) => `block ${index}`);
    const near = cache.price({ blocks: [head, ...filler], breakpoints: [19] });
    expect(near.cacheReadTokens).toBe(countTokens(head));
    const far = new AnthropicCache();
    far.price({ blocks: [head], breakpoints: [0] });
    const tooFar = far.price({ blocks: [head, ...filler, 'one more'], breakpoints: [20] });
    expect(tooFar.cacheReadTokens).toBe(0);
  });

  it('caches no prefix under 1,024 tokens', () => {
    const cache = new AnthropicCache();
    const first = cache.price({ blocks: ['short', 'prompt'], breakpoints: [1] });
    expect(first.cacheWriteTokens).toBe(0);
    expect(first.cost).toBe(tokens(['short', 'prompt']));
    expect(cache.price({ blocks: ['short', 'prompt'], breakpoints: [1] }).cacheReadTokens).toBe(0);
  });
});
