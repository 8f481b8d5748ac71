import { describe, expect, it } from 'vitest';
import { applyPlan } from './apply-plan.ts';
import type { PlannerMessage } from './conversation.ts';
import { planConversation } from './plan-conversation.ts';

const long = (label: string) => `${label} `.repeat(200);
const system: PlannerMessage = { role: 'system', text: 'You are terse.' };
const user = (text: string): PlannerMessage => ({ role: 'user', text });
const assistant = (text: string): PlannerMessage => ({ role: 'assistant', text });

describe('planConversation', () => {
  it('compresses the history between the system prompt and the last user message', () => {
    const messages = [system, user(long('q1')), assistant(long('a1')), user('What now?')];
    const plan = planConversation(messages);
    expect(plan).toMatchObject({ compress: true, spanStart: 1, spanEnd: 3, query: 'What now?' });
    expect(plan.context).toEqual([
      { role: 'user', content: long('q1') },
      { role: 'assistant', content: long('a1') },
    ]);
    const applied = applyPlan(messages, plan, 'SUMMARY', (text) => user(text));
    expect(applied).toEqual([system, user('SUMMARY'), messages[3]]);
    expect(applied[0]).toBe(system);
    expect(applied[2]).toBe(messages[3]);
  });

  it('keeps a tool cycle still running after the last user message', () => {
    const messages: PlannerMessage[] = [
      user(long('old')),
      assistant(long('old answer')),
      user('Look it up'),
      { role: 'assistant', text: '', toolCallIds: ['call_1'] },
      { role: 'tool', text: long('result'), toolResultIds: ['call_1'] },
    ];
    const plan = planConversation(messages);
    expect(plan).toMatchObject({ spanStart: 0, spanEnd: 2, query: 'Look it up' });
  });

  it('never cuts a tool call from its result', () => {
    const messages: PlannerMessage[] = [
      { role: 'assistant', text: 'calling', toolCallIds: ['call_1'] },
      { role: 'tool', text: long('result'), toolResultIds: ['call_1'] },
      { role: 'assistant', text: long('thoughts'), hasNonTextParts: true },
      { role: 'assistant', text: long('more'), toolCallIds: ['call_2'] },
      { role: 'tool', text: long('second'), toolResultIds: ['call_2'] },
      assistant(long('after')),
      user('Next?'),
    ];
    const plan = planConversation(messages);
    // The non-text message splits the history; the larger run after it is chosen whole.
    expect(plan).toMatchObject({ spanStart: 3, spanEnd: 6 });
  });

  it('keeps a tool call whose result is missing, and the messages around it', () => {
    const messages: PlannerMessage[] = [
      assistant(long('a')),
      { role: 'assistant', text: long('dangling'), toolCallIds: ['lost'] },
      assistant(long('b')),
      assistant(long('c')),
      user('Go on'),
    ];
    const plan = planConversation(messages);
    expect(plan).toMatchObject({ spanStart: 2, spanEnd: 4 });
  });

  it('sends nothing below minTokens', () => {
    const messages = [user('hi'), assistant('hello'), user('how are you?')];
    expect(planConversation(messages, { minTokens: 100 })).toMatchObject({
      compress: false,
      skipReason: 'below-min-tokens',
    });
  });

  it('sends nothing when only pinned messages precede the query', () => {
    expect(planConversation([system, user('hello')])).toMatchObject({
      compress: false,
      skipReason: 'nothing-to-compress',
    });
  });

  it('protects the last messages when asked', () => {
    const messages = [user(long('a')), assistant(long('b')), assistant(long('c')), user('q')];
    const plan = planConversation(messages, { protectLastMessages: 2 });
    expect(plan).toMatchObject({ spanStart: 0, spanEnd: 2 });
  });

  it('pins extra roles when asked', () => {
    const messages = [user(long('a')), { role: 'developer', text: long('rules') }, user('q')];
    const plan = planConversation(messages, { pinnedRoles: ['system', 'developer'] });
    expect(plan).toMatchObject({ spanStart: 0, spanEnd: 1 });
  });

  it('removes the span when the service compressed it to nothing', () => {
    const messages = [user(long('a')), user('q')];
    const plan = planConversation(messages);
    expect(applyPlan(messages, plan, '', (text) => user(text))).toEqual([messages[1]]);
  });

  it('sends a span of more than 500 messages as one transcript string', () => {
    const history = Array.from({ length: 600 }, (_, index) => assistant(`turn ${index}`));
    const plan = planConversation([...history, user('And now?')]);
    expect(plan).toMatchObject({ compress: true, spanStart: 0, spanEnd: 600 });
    expect(typeof plan.context).toBe('string');
    expect((plan.context as string).split('\n\n')).toHaveLength(600);
  });
});
