import { describe, expect, it } from 'vitest';
import { countTokens } from '../../packages/local/src/engine/tokenizer.ts';
import { bm25Units, keepInOrder, randomUnits, truncate, unitsOf } from '../quality/baselines.ts';
import { bm25Rank, bm25Words } from '../quality/bm25.ts';
import { formatPath, namedDate, pythonFunctions } from '../quality/build-sets.ts';
import { isValidJson, retains } from '../quality/retention.ts';
import { BUILT_SETS, readBuiltSet } from '../quality/sets.ts';
import type { SuiteExample } from '../quality/suite-example.ts';
import { seededRandom } from '../support/seeded-random.ts';

const passages = [
  'Passage 1: The Nile flows north through Egypt.',
  'Passage 2: Mount Everest is the highest mountain above sea level.',
  'Passage 3: The Amazon carries more water than any other river.',
];
const example: SuiteExample = {
  id: 'river',
  split: 'test',
  context: passages.join('\n\n'),
  query: 'Which river carries the most water?',
  answers: ['Amazon'],
  unitSeparator: '\n\n',
};

describe('bm25Rank', () => {
  it('ranks the passage that shares the rare question words first and keeps ties in order', () => {
    expect(bm25Rank(passages, 'river water')[0]).toBe(2);
    expect(bm25Rank(['a b', 'c d', 'e f'], 'nothing matches')).toEqual([0, 1, 2]);
  });

  it('drops stop words and case', () => {
    expect(bm25Words('What is THE Amazon?')).toEqual(['amazon']);
  });
});

describe('baselines', () => {
  it('keeps whole units within the budget, in their original order', () => {
    const units = ['alpha beta', 'gamma delta', 'epsilon zeta'];
    const budget = countTokens('alpha beta') + countTokens('\n') + countTokens('epsilon zeta');
    expect(keepInOrder(units, '\n', [2, 1, 0], budget)).toBe('gamma delta\nepsilon zeta');
    expect(keepInOrder(units, '\n', [2, 0, 1], budget)).toBe('alpha beta\nepsilon zeta');
  });

  it('gives BM25 the passage that answers and truncation the head, on the same budget', () => {
    const budget = countTokens(passages[2]!);
    expect(bm25Units(example, budget)).toBe(passages[2]);
    expect(countTokens(truncate(example.context as string, budget))).toBeLessThanOrEqual(budget);
    expect(truncate(example.context as string, budget)).toMatch(/^Passage 1/);
  });

  it('draws the same random units for the same example id, and only whole units', () => {
    const budget = countTokens(passages[0]!) + 2;
    const first = randomUnits(example, budget);
    expect(randomUnits(example, budget)).toBe(first);
    expect(passages).toContain(first);
  });

  it('splits a message array into its rendered messages', () => {
    const dialogue: SuiteExample = {
      ...example,
      context: [
        { role: 'user', content: 'I adopted a cat named Miso.' },
        { role: 'assistant', content: 'Miso is a lovely name.' },
      ],
    };
    expect(unitsOf(dialogue).units).toEqual([
      'user: I adopted a cat named Miso.',
      'assistant: Miso is a lovely name.',
    ]);
  });
});

describe('retention', () => {
  it('needs one answer string, case-insensitively, and every evidence text whole', () => {
    expect(retains('the amazon river', example)).toBe(true);
    expect(retains('the nile', example)).toBe(false);
    const evidence = { ...example, answers: undefined, evidence: ['def a():\n    return 1'] };
    expect(retains('x\ndef a():\n    return 1\ny', evidence)).toBe(true);
    expect(retains('def a():\n    return', evidence)).toBe(false);
  });

  it('finds a JSON member pretty-printed or minified, not its key alone', () => {
    const member: SuiteExample = {
      ...example,
      answers: undefined,
      evidence: ['"login": "octocat"'],
      json: true,
    };
    expect(retains('{\n  "login": "octocat"\n}', member)).toBe(true);
    expect(retains('{"login":"octocat"}', member)).toBe(true);
    expect(retains('{"login":"other","name":"octocat"}', member)).toBe(false);
    expect(isValidJson('{"a":1}')).toBe(true);
    expect(isValidJson('{"a":1')).toBe(false);
  });
});

describe('data-set builders', () => {
  it('finds each Python function with its decorators and whole body', () => {
    const source = [
      'class A:',
      '    @property',
      '    def name(self):',
      '        if self.x:',
      '',
      '            return 1',
      '        return 2',
      '',
      'def top():',
      '    pass',
    ].join('\n');
    const found = pythonFunctions(source);
    expect(found.map((fn) => fn.name)).toEqual(['name', 'top']);
    expect(found[0]!.text).toBe(source.split('\n').slice(1, 7).join('\n'));
  });

  it('names key paths and session dates the way the questions do', () => {
    expect(formatPath([2, 'owner', 'login'])).toBe('[2].owner.login');
    expect(formatPath(['data', 0, 'id'])).toBe('data[0].id');
    expect(namedDate('On May 4th, what did I read?')).toBe('2023-05-04');
    expect(namedDate('What did I read?')).toBeUndefined();
  });

  it('gives the same numbers for the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe('committed data sets', () => {
  it.each(BUILT_SETS)(
    '%s holds dev and test examples whose evidence is in their context',
    (name) => {
      const examples = readBuiltSet(name);
      expect(examples.some((item) => item.split === 'dev')).toBe(true);
      expect(examples.some((item) => item.split === 'test')).toBe(true);
      for (const item of examples) {
        const text =
          typeof item.context === 'string'
            ? item.context
            : item.context.map((message) => `${message.role}: ${message.content}`).join('\n');
        expect(retains(text, item), item.id).toBe(true);
      }
    },
  );
});
