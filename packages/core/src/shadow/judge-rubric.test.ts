import { describe, expect, it } from 'vitest';
import { judgeRubric, readJudgeReply } from './judge-rubric.ts';

describe('the LLM-as-judge rubric', () => {
  it('shows the question, the reference answer first, and tool calls with their arguments', () => {
    const rubric = judgeRubric({
      question: 'Where is order 7?',
      original: { text: 'It shipped.', toolCalls: [{ name: 'track', arguments: { id: 7 } }] },
      compressed: { text: 'No idea.', toolCalls: [] },
    });
    expect(rubric).toContain('Question: Where is order 7?');
    expect(rubric.indexOf('Answer A:\nIt shipped.\n[tool call track {"id":7}]')).toBeLessThan(
      rubric.indexOf('Answer B:\nNo idea.'),
    );
  });

  it('reads the one word first, and counts a reply without it as disagreement', () => {
    expect(readJudgeReply('SAME. Both give the code.')).toEqual({
      agree: true,
      score: 1,
      reasons: [],
    });
    expect(readJudgeReply('**Same**')).toMatchObject({ agree: true });
    expect(readJudgeReply('DIFFERENT: B lacks the code.')).toEqual({
      agree: false,
      score: 0,
      reasons: ['B lacks the code.'],
    });
    expect(readJudgeReply('I think they match')).toMatchObject({ agree: false });
  });
});
