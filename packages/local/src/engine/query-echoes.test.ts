import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { queryEchoes } from './query-echoes.ts';
import { segment } from './segment.ts';
import { indexUnits } from './unit-index.ts';

const titles = ['Harbour', 'Station', 'Council', 'Ledger', 'Tower', 'Canal', 'Market', 'Museum'];
const passages = titles.map(
  (title, at) =>
    `The ${title.toLowerCase()} of Wexmoor lies in the east of the county, near the old road. ` +
    'The people of Wexmoor gathered there for fairs in spring and in autumn for many years. ' +
    (at === 6
      ? 'In 1872 the engineer Ada Cleeve designed a cast iron roof over it, paid for by the guild of weavers. '
      : `Its ${title.toLowerCase()} keepers wrote ledgers of the weather for the county records office. `) +
    'Visitors today walk from there to the river along a path lined with lime trees and benches.',
);
const query = 'Who designed the roof of the market of Wexmoor?';
const prompt = (user: string) => [
  { role: 'system', content: `Answer from these passages.\n\n${passages.join('\n\n')}` },
  { role: 'user', content: user },
];

describe('a context that repeats the query', () => {
  it('scores the passages as it does when the question is not in it', () => {
    // A retrieval prompt's last message is the question itself: it holds every query
    // term, but the passages' scores do not shrink beside it.
    const answerScore = (user: string) =>
      compressContext(
        { context: prompt(user), query, level: 'ultra' },
        { explain: true },
      ).explanation!.units.find((unit) => unit.text.includes('Ada Cleeve'))!.score;
    const echoed = answerScore(query);
    const plain = answerScore('Please answer from the passages.');
    expect(Math.abs(echoed - plain)).toBeLessThan(0.05 * plain);
  });

  it('finds the units that hold the query word for word, and no longer ones', () => {
    const text = `${passages[6]}\nQuestion: ${query.toUpperCase()}\nA sentence about who designed the roof of the market of Wexmoor and also everything else in the county and the harbour.`;
    const { units } = segment(text);
    const echoes = queryEchoes(units, indexUnits(text, units), query);
    const found = units
      .filter((_, unit) => echoes?.[unit])
      .map((unit) => text.slice(unit.start, unit.end).trim());
    expect(found).toEqual([`Question: ${query.toUpperCase()}`]);
  });

  it('finds none when the text lacks a word of the query', () => {
    const text = passages.join('\n\n');
    const { units } = segment(text);
    expect(queryEchoes(units, indexUnits(text, units), 'Who painted the roof?')).toBeUndefined();
  });
});

describe('a short query', () => {
  it('is a search for its words: the unit that holds them is evidence, not a repeat', () => {
    const text = 'const value17 = compute(17);\nconst value18 = compute(18);';
    const { units } = segment(text);
    expect(queryEchoes(units, indexUnits(text, units), 'value17 compute')).toBeUndefined();
  });
});
