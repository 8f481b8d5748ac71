import { describe, expect, it } from 'vitest';
import { AnthropicAutomaticCache, countTokens } from '../support/cache-pricing.ts';
import { CLEARED, clearToolUses } from '../support/clear-tool-uses.ts';
import {
  lateQuestions,
  lookupResult,
  promptShows,
  recordShapes,
  scriptedReply,
  turnFacts,
} from '../support/lookup-agent.ts';

describe('the lookup agent’s tool-output shapes', () => {
  it('prints the same 40 records a line, as prose, as JSON, or mixed by batch, and finds each fact in a recorded prompt', () => {
    expect(lookupResult(3, 'records').split('\n')).toHaveLength(40);
    expect(lookupResult(3, 'prose')).not.toContain('\n');
    expect(JSON.parse(lookupResult(3, 'json'))).toHaveLength(40);
    expect(lookupResult(3, 'mix')).toBe(lookupResult(3, 'records'));
    expect(lookupResult(4, 'mix')).toBe(lookupResult(4, 'prose'));
    expect(lookupResult(5, 'mix')).toBe(lookupResult(5, 'json'));
    for (const shape of recordShapes) {
      // The fake provider records each block JSON-encoded: quotes come escaped.
      const recorded = JSON.stringify(lookupResult(3, shape));
      expect(turnFacts(3, shape).length).toBeGreaterThan(0);
      for (const fact of turnFacts(3, shape)) expect(promptShows(recorded, fact)).toBe(true);
      const late = lateQuestions(10, 10, shape)[2]!;
      expect(scriptedReply(recorded, late.question, false, false)).toEqual({
        text: `Order ${late.orderId}: found.`,
      });
    }
  });
});

describe('automatic prefix caching at Anthropic’s prices', () => {
  it('writes each prompt to its end at 1.25x and reads the prefix shared with the previous one at 0.1x', () => {
    const cache = new AnthropicAutomaticCache();
    const head = 'a word or two '.repeat(1_000);
    expect(countTokens(head)).toBeGreaterThan(1_024);
    const first = cache.price([head, 'one']);
    const total = countTokens(head) + countTokens('one');
    expect(first.cost).toBeCloseTo(total * 1.25);
    const second = cache.price([head, 'two']);
    expect(second.cacheReadTokens).toBe(countTokens(head));
    expect(second.cost).toBeCloseTo(countTokens(head) * 0.1 + countTokens('two') * 1.25);
    // Under 1,024 tokens nothing is cached.
    expect(new AnthropicAutomaticCache().price(['short']).cost).toBe(countTokens('short'));
  });
});

describe('Anthropic’s clear_tool_uses, as the bench applies it', () => {
  const body = (results: number) => ({
    model: 'claude-sonnet-4-5',
    messages: Array.from({ length: results }, (_, index) => [
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: `t${index}`, name: 'lookup', input: {} }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `t${index}`, content: lookupResult(index) }],
      },
    ]).flat(),
  });

  it('leaves a prompt under the trigger alone', () => {
    const request = body(5);
    expect(clearToolUses(request)).toBe(request);
  });

  it('past the trigger, clears every result but the newest three, calls and ids kept', () => {
    const edited = clearToolUses(body(6), { trigger: 1_000 });
    const results = edited.messages
      .flatMap((message) => (typeof message.content === 'string' ? [] : message.content))
      .filter((block) => block.type === 'tool_result');
    expect(results.map((block) => block.content)).toEqual([
      CLEARED,
      CLEARED,
      CLEARED,
      lookupResult(3),
      lookupResult(4),
      lookupResult(5),
    ]);
    expect(results.map((block) => block.tool_use_id)).toEqual(['t0', 't1', 't2', 't3', 't4', 't5']);
  });
});
