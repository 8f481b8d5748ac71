import { describe, expect, it } from 'vitest';
import { defaultJudge } from './default-judge.ts';

const judge = (compressed: string, original: string, calls: [unknown[], unknown[]] = [[], []]) =>
  defaultJudge({
    question: 'q',
    compressed: { text: compressed, toolCalls: calls[0] as never },
    original: { text: original, toolCalls: calls[1] as never },
  });

describe('defaultJudge', () => {
  it('agrees on the same answer reworded, with case, accents and punctuation aside', () => {
    expect(judge('The access code is 4711.', 'the access code is: 4711').agree).toBe(true);
    expect(
      judge('Your order ships to Zürich on Monday.', 'Your order ships to Zurich on Monday!').agree,
    ).toBe(true);
  });

  it('disagrees when a number differs, naming it', () => {
    const verdict = judge('The access code is 4712.', 'The access code is 4711.');
    expect(verdict.agree).toBe(false);
    expect(verdict.reasons[0]).toContain('4711');
  });

  it('reads 1,200 and 1200 as one number', () => {
    expect(judge('It costs 1,200 euros.', 'It costs 1200 euros.').agree).toBe(true);
  });

  it('disagrees when a name differs', () => {
    const verdict = judge(
      'The meeting is with Alice tomorrow.',
      'The meeting is with Bob tomorrow.',
    );
    expect(verdict.agree).toBe(false);
    expect(verdict.reasons.join()).toContain('names differ');
  });

  it('disagrees when an answer says something else', () => {
    expect(judge('I could not find the access code.', 'The access code is 4711.').agree).toBe(
      false,
    );
    expect(judge('Sure, here you go with the plan for today and tomorrow', 'No').agree).toBe(false);
  });

  it('compares tool calls by name and arguments, key order aside', () => {
    const same = judge('', '', [
      [{ name: 'lookup', arguments: '{"id":7,"full":true}' }],
      [{ name: 'lookup', arguments: { full: true, id: 7 } }],
    ]);
    expect(same.agree).toBe(true);
    const other = judge('', '', [
      [{ name: 'lookup', arguments: '{"id":8}' }],
      [{ name: 'lookup', arguments: '{"id":7}' }],
    ]);
    expect(other).toMatchObject({ agree: false, reasons: ['tool calls differ'] });
  });
});
