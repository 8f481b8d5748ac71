import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlan } from './apply-plan.ts';
import type { PlannerMessage } from './conversation.ts';
import { planConversation } from './plan-conversation.ts';

/**
 * Random conversations: system prompts, user and assistant turns, tool calls with their
 * results (some results missing, some orphaned), and messages with non-text parts.
 */
const conversation = fc
  .array(
    fc.oneof(
      fc.record({ kind: fc.constant('system' as const), text: fc.string() }),
      fc.record({ kind: fc.constant('user' as const), text: fc.string(), file: fc.boolean() }),
      fc.record({ kind: fc.constant('assistant' as const), text: fc.string() }),
      fc.record({
        kind: fc.constant('tool' as const),
        text: fc.string(),
        calls: fc.integer({ min: 1, max: 2 }),
        answered: fc.boolean(),
        // What stands between a call and its result: anything, a user turn or a file included.
        gap: fc.array(fc.constantFrom('assistant', 'user', 'system', 'file'), { maxLength: 3 }),
      }),
      fc.record({ kind: fc.constant('orphan' as const), text: fc.string() }),
    ),
    { maxLength: 40 },
  )
  .map((steps) => {
    const messages: PlannerMessage[] = [];
    let nextId = 0;
    for (const step of steps) {
      if (step.kind === 'system' || step.kind === 'assistant') {
        messages.push({ role: step.kind, text: step.text });
      } else if (step.kind === 'user') {
        messages.push({ role: 'user', text: step.text, hasNonTextParts: step.file });
      } else if (step.kind === 'orphan') {
        messages.push({ role: 'tool', text: step.text, toolResultIds: [`orphan_${nextId++}`] });
      } else {
        const ids = Array.from({ length: step.calls }, () => `call_${nextId++}`);
        messages.push({ role: 'assistant', text: step.text, toolCallIds: ids });
        for (const filler of step.gap) {
          const role = filler === 'file' ? 'user' : filler;
          messages.push({ role, text: `filler ${filler}`, hasNonTextParts: filler === 'file' });
        }
        if (step.answered) messages.push({ role: 'tool', text: step.text, toolResultIds: ids });
      }
    }
    return messages;
  });

const SUMMARY: PlannerMessage = { role: 'user', text: 'compressed history' };

describe('planner invariants over random conversations', () => {
  it('keeps pinned messages, pairs, non-text parts and the last user message', () => {
    fc.assert(
      fc.property(conversation, fc.nat(50), (messages, minTokens) => {
        const plan = planConversation(messages, { minTokens });
        const result = plan.compress
          ? applyPlan(messages, plan, SUMMARY.text, () => SUMMARY)
          : [...messages];
        const removed = messages.filter((message) => !result.includes(message));

        // Nothing pinned is removed: system messages, non-text parts, the last user turn.
        for (const message of removed) {
          expect(message.role).not.toBe('system');
          expect(message.hasNonTextParts).not.toBe(true);
        }
        const lastUser = messages.findLastIndex((message) => message.role === 'user');
        for (const message of messages.slice(Math.max(0, lastUser))) {
          if (lastUser >= 0) expect(result).toContain(message);
        }
        if (lastUser >= 0) expect(plan.query).toBe(messages[lastUser]!.text);

        // No tool call without its result, no result without its call, unless the input had it so.
        const ids = (list: PlannerMessage[], key: 'toolCallIds' | 'toolResultIds') =>
          new Set(list.flatMap((message) => message[key] ?? []));
        const callsBefore = ids(messages, 'toolCallIds');
        const resultsBefore = ids(messages, 'toolResultIds');
        const callsAfter = ids(result, 'toolCallIds');
        const resultsAfter = ids(result, 'toolResultIds');
        for (const id of callsAfter) {
          if (resultsBefore.has(id)) expect(resultsAfter.has(id)).toBe(true);
        }
        for (const id of resultsAfter) {
          if (callsBefore.has(id)) expect(callsAfter.has(id)).toBe(true);
        }
        // A call that never got a result, or a result with no call, is never compressed away.
        for (const id of callsBefore)
          if (!resultsBefore.has(id)) expect(callsAfter.has(id)).toBe(true);
        for (const id of resultsBefore)
          if (!callsBefore.has(id)) expect(resultsAfter.has(id)).toBe(true);

        // What stays keeps its order; the span is contiguous and replaced in place.
        const kept = result.filter((message) => message !== SUMMARY);
        expect(kept).toEqual(messages.filter((message) => !removed.includes(message)));
        expect(removed).toEqual(
          messages.slice(plan.spanStart, plan.spanEnd).filter(() => plan.compress),
        );
      }),
      { numRuns: 500 },
    );
  });
});
