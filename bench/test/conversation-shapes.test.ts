import { describe, expect, it } from 'vitest';
import {
  lateQuestions,
  lookupResult,
  loopConversation,
  loopQuestion,
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

describe('the long tool loop', () => {
  it('asks for one batch a step after the last one the prompt shows, then answers', () => {
    const question = loopQuestion(1, 14);
    expect(loopConversation(14).questions).toEqual([question]);
    expect(loopConversation(14).batches).toEqual([
      Array.from({ length: 14 }, (_, index) => index + 1),
    ]);
    expect(scriptedReply(question, question, false, false)).toEqual({
      toolCalls: [{ name: 'lookup', input: { batch: 1 } }],
    });
    const afterFive = `${question}\n${[1, 2, 3, 4, 5].map((batch) => `assistant:{"input":{"batch":${batch}}}`).join('\n')}`;
    expect(scriptedReply(afterFive, question, true, false)).toEqual({
      toolCalls: [{ name: 'lookup', input: { batch: 6 } }],
    });
    const done = `${question}\nassistant:{"input":{"batch":14}}`;
    expect(scriptedReply(done, question, true, false)).toEqual({
      text: 'Batches 1 to 14 are listed above.',
    });
  });
});
