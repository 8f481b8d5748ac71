import { describe, expect, it } from 'vitest';
import { OpenAICache } from '../support/pricing-openai-automatic.ts';
import { countTokens } from '../support/prompt-tokens.ts';

const head = 'a word or two '.repeat(1_000);

describe('OpenAI’s automatic caching', () => {
  it('bills the prefix shared with any earlier prompt, in 128-token steps, at 0.1x and charges no write', () => {
    const cache = new OpenAICache();
    const first = cache.price([head, 'one']);
    expect(first.cost).toBe(countTokens(head) + countTokens('one'));
    cache.price(['unrelated prompt']);
    const again = cache.price([head, 'two']);
    const cached = Math.floor(countTokens(head) / 128) * 128;
    expect(again.cacheReadTokens).toBe(cached);
    expect(again.cost).toBeCloseTo(
      cached * 0.1 + (countTokens(head) + countTokens('two') - cached),
    );
  });

  it('caches nothing for a shared prefix under 1,024 tokens', () => {
    const cache = new OpenAICache();
    const short = 'a word '.repeat(300);
    expect(countTokens(short)).toBeLessThan(1_024);
    cache.price([short, head]);
    expect(cache.price([short, 'other']).cacheReadTokens).toBe(0);
  });
});
