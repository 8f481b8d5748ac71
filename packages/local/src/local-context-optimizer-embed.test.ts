import { describe, expect, it } from 'vitest';
import { LocalContextOptimizer } from './index.ts';

/**
 * `embed`: messages scored by meaning as well as by shared words. The conversation's
 * answer ("more pay at my job") shares no content word with the question ("happy with
 * her salary"); a stand-in embedder that knows pay and salary are one topic makes it
 * compete for the budget, and the compressed conversation keeps it.
 */

const TOPICS: Record<string, string[]> = {
  money: ['pay', 'salary', 'wage', 'raise', 'earn'],
  food: ['pasta', 'cooking', 'dinner', 'recipe', 'sauce'],
  travel: ['miami', 'trip', 'flight', 'beach', 'hotel'],
  pets: ['dog', 'cat', 'walk', 'vet', 'puppy'],
};

/** One dimension a topic: the share of a text's words that belong to it; one for the rest. */
function standInEmbedding(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return [
    0.02,
    ...Object.values(TOPICS).map(
      (topic) => words.filter((word) => topic.includes(word)).length / Math.max(1, words.length),
    ),
  ];
}

function conversation(turns = 60): { role: 'user' | 'assistant'; content: string }[] {
  const filler = [
    'Emi: We made fresh pasta with a tomato sauce at the cooking class, I am happy with the recipe.',
    'Elise: The flight to Miami was late, but the hotel by the beach was lovely, happy days.',
    'Emi: My dog needed a walk at six and then a visit to the vet for his paw.',
    'Elise: Dinner tonight is the pasta recipe again, with more sauce this time.',
    'Emi: We booked a trip for the spring, the beach hotel again if the flight is cheap.',
    'Elise: The puppy chased the cat around the garden before the walk.',
  ];
  const messages: { role: 'user' | 'assistant'; content: string }[] = [];
  for (let turn = 0; turn < turns; turn++) {
    if (turn === 23) {
      messages.push({
        role: 'user',
        content: 'Emi: Honestly I want to get more pay at my job, it has been three years.',
      });
    }
    messages.push({
      role: turn % 2 === 0 ? 'assistant' : 'user',
      content: `${filler[turn % filler.length]!} Note ${turn}.`,
    });
  }
  return messages;
}

const QUESTION = 'Is Emi happy with her salary?';
const ANSWER = 'more pay at my job';

describe('LocalContextOptimizer embed option', () => {
  it('keeps the message that answers in other words, and calls embed once with the query then every message', async () => {
    const calls: string[][] = [];
    const embed = async (texts: string[]) => {
      calls.push(texts);
      return texts.map(standInEmbedding);
    };
    const context = conversation();
    const lexical = await new LocalContextOptimizer().compress({
      context,
      query: QUESTION,
      level: 'standard',
    });
    const semantic = await new LocalContextOptimizer({ embed }).compress({
      context,
      query: QUESTION,
      level: 'standard',
    });
    expect(lexical.data.compressed).not.toContain(ANSWER);
    expect(semantic.data.compressed).toContain(ANSWER);
    expect(semantic.usage.request.compressedTokens).toBeLessThanOrEqual(
      Math.floor(semantic.usage.request.inputTokens / 4),
    );
    expect(calls).toEqual([[QUESTION, ...context.map((message) => message.content)]]);
  });

  it('is read the same by a worker of the pool (a conversation of 32,768 characters or more)', async () => {
    const embed = async (texts: string[]) => texts.map(standInEmbedding);
    const context = conversation(400);
    expect(context.reduce((size, message) => size + message.content.length, 0)).toBeGreaterThan(
      32_768,
    );
    const lexical = await new LocalContextOptimizer().compress({
      context,
      query: QUESTION,
      level: 'standard',
    });
    expect(lexical.data.compressed).not.toContain(ANSWER);
    const semantic = await new LocalContextOptimizer({ embed }).compress({
      context,
      query: QUESTION,
      level: 'standard',
    });
    expect(semantic.data.compressed).toContain(ANSWER);
  });

  it('is not called without a query or for a context string', async () => {
    let called = 0;
    const embed = async (texts: string[]) => {
      called++;
      return texts.map(standInEmbedding);
    };
    const optimizer = new LocalContextOptimizer({ embed });
    await optimizer.compress({ context: conversation(), level: 'standard' });
    await optimizer.compress({
      context: conversation()
        .map((message) => message.content)
        .join('\n'),
      query: QUESTION,
      level: 'standard',
    });
    expect(called).toBe(0);
  });

  it('rejects an answer of the wrong shape, naming embed and the rule', async () => {
    const short = new LocalContextOptimizer({ embed: async () => [[1, 0]] });
    await expect(
      short.compress({ context: conversation(), query: QUESTION, level: 'standard' }),
    ).rejects.toThrow(/embed must resolve to one vector per text: it was given 62 texts/);
    const ragged = new LocalContextOptimizer({
      embed: async (texts) => texts.map((_, at) => (at === 3 ? [1] : [1, 0])),
    });
    await expect(
      ragged.compress({ context: conversation(), query: QUESTION, level: 'standard' }),
    ).rejects.toThrow(
      /embed must resolve to vectors of finite numbers, all of one length: vector 3/,
    );
  });

  it('refuses an embed option that is not a function', () => {
    expect(() => new LocalContextOptimizer({ embed: 'text-embedding-3-small' as never })).toThrow(
      /embed must be a function/,
    );
  });
});
