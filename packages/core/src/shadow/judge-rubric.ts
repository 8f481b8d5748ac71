import type { JudgeInput, JudgeVerdict } from './shadow-answer.ts';

/**
 * The fixed rubric of an LLM-as-judge: short, so the judge costs little, and asking for one
 * word first, so the verdict parses without a JSON mode.
 */
export function judgeRubric({ question, compressed, original }: JudgeInput): string {
  const show = (answer: JudgeInput['original']) =>
    [
      answer.text,
      ...answer.toolCalls.map(
        (call) =>
          `[tool call ${call.name} ${typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)}]`,
      ),
    ].join('\n');
  return [
    'You compare two answers to the same question. Answer A is the reference.',
    'Reply SAME if answer B states the same facts, numbers, names and tool calls as A',
    '(wording may differ); reply DIFFERENT if B omits, adds or changes any of them.',
    'Reply with the one word first, then at most one short sentence saying why.',
    '',
    `Question: ${question}`,
    '',
    `Answer A:\n${show(original)}`,
    '',
    `Answer B:\n${show(compressed)}`,
  ].join('\n');
}

/** Reads the judge model's reply; a reply without the word counts as disagreement. */
export function readJudgeReply(reply: string): JudgeVerdict {
  const word = reply
    .trim()
    .match(/^[^A-Za-z]*([A-Za-z]+)/)?.[1]
    ?.toUpperCase();
  const agree = word === 'SAME';
  const reason = reply
    .trim()
    .replace(/^[^A-Za-z]*[A-Za-z]+[\s.:,-]*/, '')
    .slice(0, 200);
  return {
    agree,
    score: agree ? 1 : 0,
    reasons: agree
      ? []
      : [reason || (word === 'DIFFERENT' ? 'judged different' : 'unreadable verdict')],
  };
}
