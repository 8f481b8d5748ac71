/**
 * A long conversation whose answer shares no content word with its question: "Is Emi
 * happy with her salary?" is answered by "she wants more pay at her job", among messages
 * about food, travel and pets. Elise reports it: in Emi's own turn the answer would be
 * lifted with every turn of the speaker the question names (named-speakers.ts), by words
 * alone. Words alone do not keep the answer at 4x; a
 * stand-in embedder that knows pay and salary are one topic makes it compete.
 */

export const QUESTION = 'Is Emi happy with her salary?';
export const ANSWER = 'more pay at her job';

const TOPICS: Record<string, string[]> = {
  money: ['pay', 'salary', 'wage', 'raise', 'earn'],
  food: ['pasta', 'cooking', 'dinner', 'recipe', 'sauce'],
  travel: ['miami', 'trip', 'flight', 'beach', 'hotel'],
  pets: ['dog', 'cat', 'walk', 'vet', 'puppy'],
};

/** One dimension a topic: the share of a text's words that belong to it; one for the rest. */
export function standInEmbedding(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return [
    0.02,
    ...Object.values(TOPICS).map(
      (topic) => words.filter((word) => topic.includes(word)).length / Math.max(1, words.length),
    ),
  ];
}

/** An embedder in the AI SDK's and LangChain's shape, over `standInEmbedding`. */
export async function standInEmbed(texts: string[]): Promise<number[][]> {
  return texts.map(standInEmbedding);
}

/** `turns` messages of filler, with the answer before turn 23. */
export function salaryConversation(turns = 60): { role: 'user' | 'assistant'; content: string }[] {
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
        content: 'Elise: Emi told me she wants more pay at her job, it has been three years.',
      });
    }
    messages.push({
      role: turn % 2 === 0 ? 'assistant' : 'user',
      content: `${filler[turn % filler.length]!} Note ${turn}.`,
    });
  }
  return messages;
}
