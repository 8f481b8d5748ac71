import { describe, expect, it } from 'vitest';
import { countTokens } from '../../packages/local/src/engine/tokenizer.ts';
import {
  articlesInRow,
  LANGUAGE_SOURCES,
  type SourceArticle,
  sourceArticles,
} from '../quality/build-language-sets.ts';
import { CONTEXT_TOKENS } from '../quality/build-sets.ts';
import { readBuiltSet } from '../quality/sets.ts';
import { expectSplitByConversation } from './built-set-parts.ts';

/** A paragraph of about `tokens` tokens, named so a test can find it. */
function paragraph(name: string, tokens: number): string {
  return `${name} ${'word '.repeat(tokens).trim()}.`;
}

function article(...paragraphs: Array<[string, number]>): SourceArticle {
  return {
    paragraphs: paragraphs.map(([name, tokens]) => ({
      context: paragraph(name, tokens),
      questions: [{ id: name, question: `About ${name}?`, answers: [name] }],
    })),
  };
}

describe('language set builder', () => {
  it('takes a long article up to the context size and short articles in a row up to it', () => {
    const grouped = articlesInRow([
      article(['long1', 500], ['long2', 500], ['long3', 500]),
      article(['short1', 300]),
      article(['short2', 300]),
      article(['short3', 300]),
      article(['last', 100]),
    ]);
    expect(grouped.map((group) => group.paragraphs.map((text) => text.split(' ')[0]))).toEqual([
      ['long1', 'long2'],
      ['short1', 'short2', 'short3'],
      ['last'],
    ]);
    // A dropped paragraph takes its questions with it; the others follow their paragraph.
    expect(grouped.flatMap((group) => group.questions.map((question) => question.id))).toEqual([
      'long1',
      'long2',
      'short1',
      'short2',
      'short3',
      'last',
    ]);
    for (const group of grouped.slice(0, 2)) {
      expect(countTokens(group.paragraphs.join('\n\n'))).toBeGreaterThanOrEqual(CONTEXT_TOKENS);
    }
  });

  it('leaves out unanswerable questions and names questions whose ids repeat', () => {
    const articles = sourceArticles(
      {
        data: [
          {
            paragraphs: [
              {
                context: 'Tabriz is in the north-west.',
                qas: [
                  { id: 1, question: 'Where is Tabriz?', answers: [{ text: 'north-west' }] },
                  { id: 1, question: 'Where is Qom?', is_impossible: true, answers: [] },
                  { id: 1, question: 'Where is Tabriz now?', answers: [{ text: 'Tabriz' }] },
                ],
              },
            ],
          },
        ],
      },
      (id, at, question) => `${id}-${at}-${question}`,
    );
    expect(articles[0]!.paragraphs[0]!.questions).toEqual([
      { id: '1-0-0', question: 'Where is Tabriz?', answers: ['north-west'] },
      { id: '1-0-1', question: 'Where is Tabriz now?', answers: ['Tabriz'] },
    ]);
  });

  it.each(Object.keys(LANGUAGE_SOURCES) as Array<keyof typeof LANGUAGE_SOURCES>)(
    '%s holds at least 300 dev questions over contexts of XQuAD English size, none in both parts',
    (name) => {
      const examples = readBuiltSet(name);
      expectSplitByConversation(examples);
      const sizes = [...new Set(examples.map((example) => example.context as string))].map(
        countTokens,
      );
      // The last group of a source may be short; every other one reaches the size.
      expect(sizes.filter((size) => size < CONTEXT_TOKENS).length).toBeLessThanOrEqual(1);
    },
  );
});
