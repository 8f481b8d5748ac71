import { describe, expect, it } from 'vitest';
import { countTokens } from '../support/prompt-tokens.ts';
import { invalidRequests, ruleMessages } from '../support/request-rules.ts';
import { sideCallCost } from '../support/side-call-cost.ts';

const call = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'a', name: 'lookup', input: {} }],
};
const answer = {
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: 'a', content: 'rows' }],
};

describe('providers’ message rules on recorded Anthropic requests', () => {
  it('reads tool results as tool messages and counts requests that break a rule', () => {
    expect(ruleMessages({ messages: [{ role: 'user', content: 'hi' }, call, answer] })).toEqual([
      { role: 'user', callIds: [], resultIds: [] },
      { role: 'assistant', callIds: ['a'], resultIds: [] },
      { role: 'tool', callIds: [], resultIds: ['a'] },
    ]);
    const valid = { messages: [{ role: 'user', content: 'hi' }, call, answer] };
    const unanswered = {
      messages: [{ role: 'user', content: 'hi' }, call, { role: 'user', content: 'next' }],
    };
    const orphan = { messages: [{ role: 'user', content: 'hi' }, answer] };
    expect(invalidRequests([valid, unanswered, orphan])).toBe(2);
  });
});

describe('a summarizer’s calls', () => {
  it('cost their prompt at 1x and their answer at the output price (5x Anthropic, 8x OpenAI)', () => {
    const cost = sideCallCost([{ prompt: 'summarize this please', answer: 'a summary' }]);
    const input = countTokens('summarize this please');
    const output = countTokens('a summary');
    expect(cost).toEqual({ anthropic: input + 5 * output, openai: input + 8 * output });
  });
});
