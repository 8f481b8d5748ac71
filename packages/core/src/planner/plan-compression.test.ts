import { type PlannerMessage, planCompression, resolveConversationPolicy } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';

const long = (label: string, words = 400) => `${label} `.repeat(words);
const user = (text: string): PlannerMessage => ({ role: 'user', text, contentParts: 1 });
const call = (id: string, name = 'search'): PlannerMessage => ({
  role: 'assistant',
  text: `[tool call ${name}]`,
  toolCallIds: [id],
  toolCalls: [{ id, name, arguments: `{"q":"${id}"}` }],
  contentParts: 1,
});
const result = (id: string, text: string, name = 'search'): PlannerMessage => ({
  role: 'tool',
  text,
  toolResultIds: [id],
  toolResults: [{ toolCallId: id, toolName: name, text }],
  contentParts: 1,
});

/** One user turn followed by `steps` tool calls and their results. */
function toolLoop(steps: number): PlannerMessage[] {
  const messages: PlannerMessage[] = [{ role: 'system', text: 'Be brief.' }, user('Find it')];
  for (let step = 1; step <= steps; step++) {
    messages.push(call(`call_${step}`), result(`call_${step}`, long(`result${step}`)));
  }
  return messages;
}

describe('planCompression', () => {
  it('compresses older tool results of the current turn in place, keeping the newest three', () => {
    const plan = planCompression(toolLoop(6), resolveConversationPolicy({}));
    const spans = plan.spans.filter((span) => span.kind === 'tool-result');
    expect(spans.map((span) => span.toolCallId)).toEqual(['call_1', 'call_2', 'call_3']);
    expect(spans[0]).toMatchObject({
      messageIndex: 3,
      params: { context: long('result1'), query: 'Find it\nTool call search: {"q":"call_1"}' },
    });
  });

  it('leaves excluded tools, small results and the kept tail verbatim', () => {
    const messages = toolLoop(6);
    messages[5] = result('call_2', long('result2'), 'calendar');
    messages[7] = result('call_3', 'tiny');
    const plan = planCompression(
      messages,
      resolveConversationPolicy({ toolResults: { exclude: ['calendar'] } }),
    );
    expect(plan.spans.map((span) => span.kind === 'tool-result' && span.toolCallId)).toEqual([
      'call_1',
    ]);
    const kept = planCompression(
      toolLoop(6),
      resolveConversationPolicy({ keep: { messages: 11 } }),
    );
    expect(kept.spans).toEqual([]);
  });

  it('turns tool results off with toolResults.compress false', () => {
    const plan = planCompression(
      toolLoop(6),
      resolveConversationPolicy({ toolResults: { compress: false } }),
    );
    expect(plan).toMatchObject({ spans: [], skipReason: 'nothing-to-compress' });
  });

  it('compresses only when a trigger fires: tokens, messages or a fraction of the window', () => {
    const messages = toolLoop(6);
    const tokens = planCompression(messages, resolveConversationPolicy({})).promptTokens;
    const below = (trigger: object, extra = {}) =>
      planCompression(messages, resolveConversationPolicy({ trigger, ...extra })).skipReason;
    expect(below({ tokens: tokens + 1 })).toBe('below-trigger');
    expect(below({ tokens: tokens - 1 })).toBeUndefined();
    expect(below({ messages: messages.length })).toBe('below-trigger');
    expect(below({ messages: messages.length - 1 })).toBeUndefined();
    expect(below({ fraction: 0.5 }, { contextWindow: tokens * 2 + 10 })).toBe('below-trigger');
    expect(below({ fraction: 0.5 }, { contextWindow: tokens * 2 - 10 })).toBeUndefined();
    expect(() => below({ fraction: 0.5 })).toThrow(
      'trigger.fraction needs the model context window',
    );
  });

  it('keeps the last messages that fit in keep.tokens', () => {
    const messages = toolLoop(6);
    const lastTwo = messages
      .slice(-4)
      .reduce((sum, message) => sum + Math.ceil(message.text.length / 4), 0);
    const plan = planCompression(
      messages,
      resolveConversationPolicy({ keep: { tokens: lastTwo } }),
    );
    expect(plan.spans.map((span) => span.kind === 'tool-result' && span.toolCallId)).toEqual([
      'call_1',
      'call_2',
      'call_3',
    ]);
    const more = planCompression(
      messages,
      resolveConversationPolicy({ keep: { tokens: lastTwo * 2 } }),
    );
    expect(more.spans.map((span) => span.kind === 'tool-result' && span.toolCallId)).toEqual([
      'call_1',
      'call_2',
    ]);
  });

  it('drops free reasoning before the last message and removes messages left empty', () => {
    const messages: PlannerMessage[] = [
      user('hi'),
      { role: 'assistant', text: '', reasoning: 'free', contentParts: 0 },
      { role: 'assistant', text: 'answer', reasoning: 'free', contentParts: 1 },
      { role: 'assistant', text: 'bound', reasoning: 'bound', contentParts: 1 },
      { ...call('c1'), reasoning: 'free' },
      result('c1', 'ok'),
      { role: 'user', text: '', contentParts: 0 },
      { role: 'assistant', text: '', reasoning: 'free', contentParts: 0 },
    ];
    const keep = planCompression(messages, resolveConversationPolicy({}));
    expect(keep).toMatchObject({ dropReasoning: [], removeEmpty: [6] });
    const drop = planCompression(messages, resolveConversationPolicy({ reasoning: 'drop' }));
    expect(drop).toMatchObject({ dropReasoning: [1, 2], removeEmpty: [1, 6] });
  });

  it('folds a finished tool cycle of an earlier turn into the history, unless its result stays verbatim', () => {
    const messages = [
      user(long('old question')),
      call('c0'),
      result('c0', long('old result')),
      { role: 'assistant', text: long('old answer'), contentParts: 1 },
      user('New question'),
    ];
    const plan = planCompression(
      messages,
      resolveConversationPolicy({ toolResults: { keepLast: 0 } }),
    );
    expect(plan.spans).toMatchObject([{ kind: 'history', start: 0, end: 4 }]);
    // The newest result stays verbatim: its message and call stay out of the span.
    const kept = planCompression(messages, resolveConversationPolicy({}));
    expect(kept.spans).toMatchObject([{ kind: 'history', start: 0, end: 1 }]);
    // With tool results off, the history never takes a tool cycle.
    const off = planCompression(
      messages,
      resolveConversationPolicy({ toolResults: { compress: false, keepLast: 0 } }),
    );
    expect(off.spans).toMatchObject([{ kind: 'history', start: 0, end: 1 }]);
  });
});
