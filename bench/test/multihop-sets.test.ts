import { describe, expect, it } from 'vitest';
import {
  checkableAnswers,
  inTitleLineLayout,
  multihopSplitOf,
  passagesOf,
} from '../quality/build-multihop-sets.ts';
import { LAYOUTS } from '../quality/layouts.ts';
import { readBuiltSet } from '../quality/sets.ts';

const passages = [
  { title: '26th (Cameronian) Regiment of Foot', text: 'The regiment was raised in 1689.' },
  { title: 'Green (Steve Hillage album)', text: 'Green is an album by Steve Hillage.' },
  { title: 'Miquette Giraudy', text: 'Miquette Giraudy is the partner of Steve Hillage.' },
];
const bench = LAYOUTS.find((layout) => layout.name === 'Document [i] (Title: t) text')!;

describe('multi-hop large set', () => {
  it('reads passages back from the bench layout, titles with parentheses included', () => {
    expect(passagesOf(bench.render(passages).context)).toEqual(passages);
  });

  it('lays the same passages out as title lines over their text', () => {
    const example = inTitleLineLayout({
      id: 'x',
      split: 'dev',
      context: bench.render(passages).context,
      query: 'Who is the partner of the Green performer?',
      answers: ['Miquette Giraudy'],
      unitSeparator: '\n',
    });
    expect(example.context).toBe(
      passages.map((passage) => `${passage.title}\n${passage.text}`).join('\n\n'),
    );
    expect(example.unitSeparator).toBe('\n\n');
  });

  it('checks only answers a supporting passage states and the question does not name', () => {
    const question = (text: string, answers: string[]) => ({
      id: 'q',
      question: text,
      answers,
      passages,
      supporting: [1, 2],
    });
    expect(
      checkableAnswers(
        question('Who is the partner of the Green performer?', ['Miquette Giraudy']),
      ),
    ).toEqual(['Miquette Giraudy']);
    // Named by the question, a yes/no, or only in a distractor: not checkable.
    expect(
      checkableAnswers(
        question('Is Steve Hillage or Miquette Giraudy older?', ['Miquette Giraudy']),
      ),
    ).toEqual([]);
    expect(checkableAnswers(question('Did Green come out?', ['yes']))).toEqual([]);
    expect(checkableAnswers(question('When was the regiment raised?', ['1689']))).toEqual([]);
  });

  it('puts two of every three questions in the dev part', () => {
    expect([0, 1, 2, 3, 4, 5].map(multihopSplitOf)).toEqual([
      'dev',
      'dev',
      'test',
      'dev',
      'dev',
      'test',
    ]);
  });

  it('holds at least 300 dev questions, each readable in the title-line layout', () => {
    const examples = readBuiltSet('multihop-wiki');
    expect(examples.filter((example) => example.split === 'dev').length).toBeGreaterThanOrEqual(
      300,
    );
    for (const example of examples) {
      expect(() => inTitleLineLayout(example), example.id).not.toThrow();
    }
  });
});
