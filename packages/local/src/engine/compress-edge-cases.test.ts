import { describe, expect, it } from 'vitest';
import { compressContext } from './compress-context.ts';
import { countTokens } from './tokenizer.ts';

describe('compressContext edge cases', () => {
  it('skips an empty string and an empty conversation', () => {
    for (const context of ['', []]) {
      expect(compressContext({ context, level: 'ultra' })).toMatchObject({
        compressed: '',
        status: 'skipped',
        inputTokens: 0,
        compressedTokens: 0,
        savedTokens: 0,
      });
    }
  });

  it('cuts a lone code block larger than the budget inside, keeping its fences', () => {
    const lines = Array.from(
      { length: 40 },
      (_, index) => `  const value${index} = compute(${index});`,
    );
    const context = ['```ts', 'function main() {', ...lines, '}', '```'].join('\n');
    const result = compressContext({ context, query: 'value17 compute', level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed.startsWith('```ts\n')).toBe(true);
    expect(result.compressed.endsWith('\n```')).toBe(true);
    expect(result.compressed).toContain('  const value17 = compute(17);');
    expect(result.compressedTokens).toBe(countTokens(result.compressed));
    expect(result.compressedTokens).toBeLessThanOrEqual(Math.floor(result.inputTokens / 10));
  });

  it('compresses text with Windows line breaks and no sentence punctuation', () => {
    const line = 'alpha beta gamma delta, epsilon zeta eta theta, iota kappa lambda mu';
    const context = Array.from({ length: 60 }, (_, index) => `${line} item ${index}`).join('\r\n');
    const result = compressContext({ context, query: 'item 42', level: 'standard' });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain('item 42');
    expect(result.compressedTokens).toBe(countTokens(result.compressed));
    expect(result.inputTokens / result.compressedTokens).toBeGreaterThanOrEqual(4);
  });

  it('treats text that spells special tokens as ordinary text', () => {
    const context = `${'Plain words about nothing in particular. '.repeat(20)}<|endoftext|> The end.`;
    const result = compressContext({ context, query: 'endoftext', level: 'low' });
    expect(result.inputTokens).toBe(countTokens(context));
    expect(result.compressedTokens).toBe(countTokens(result.compressed));
  });

  it('gives the latest messages more weight when there is no query', () => {
    const topics = ['tides', 'volcanoes', 'glaciers', 'deserts', 'forests', 'rivers', 'storms'];
    const context = topics.map((topic, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: `We talked about ${topic} at length today. The ${topic} part covered causes, effects and history in some detail.`,
    }));
    const result = compressContext({ context, level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain('storms');
    expect(result.compressed).not.toContain('tides');
  });
});
