import { describe, expect, it } from 'vitest';
import { AnthropicAutomaticCache } from '../support/pricing-anthropic-automatic.ts';
import { countTokens } from '../support/prompt-tokens.ts';

const head = 'a word or two '.repeat(1_000);

describe('automatic prefix caching at Anthropic’s prices', () => {
  it('writes each prompt to its end at 1.25x and reads the prefix shared with the previous one at 0.1x', () => {
    const cache = new AnthropicAutomaticCache();
    expect(countTokens(head)).toBeGreaterThan(1_024);
    const first = cache.price([head, 'one']);
    const total = countTokens(head) + countTokens('one');
    expect(first.cost).toBeCloseTo(total * 1.25);
    const second = cache.price([head, 'two']);
    expect(second.cacheReadTokens).toBe(countTokens(head));
    expect(second.cost).toBeCloseTo(countTokens(head) * 0.1 + countTokens('two') * 1.25);
  });

  it('compares with the previous prompt only, and caches nothing under 1,024 tokens', () => {
    const cache = new AnthropicAutomaticCache();
    cache.price([head, 'one']);
    cache.price(['other', head]);
    // The first prompt was evicted by the second: nothing of it is read.
    expect(cache.price([head, 'one']).cacheReadTokens).toBe(0);
    expect(new AnthropicAutomaticCache().price(['short']).cost).toBe(countTokens('short'));
  });
});
