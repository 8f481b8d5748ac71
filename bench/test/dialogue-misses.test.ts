import { describe, expect, it } from 'vitest';
import { compressWithTuning } from '../../packages/local/src/engine/compress-context.ts';
import { renderContext } from '../../packages/local/src/engine/render-context.ts';
import { DEFAULT_TUNING } from '../../packages/local/src/engine/tuning.ts';
import {
  classifyMiss,
  conversationHalves,
  linkClass,
  type MessageOutcome,
  messageOutcomes,
  partlyKeptTokens,
} from '../quality/dialogue-misses.ts';

const outcome = (
  tokens: number,
  score: number,
  kept: boolean,
  relevance: number,
): MessageOutcome => ({
  tokens,
  score,
  kept,
  relevance,
  signals: { turnRelevance: relevance },
  text: '',
});

describe('dialogue misses', () => {
  it('gather the explanation units by message, with each message whole or not', () => {
    const context = Array.from({ length: 30 }, (_, at) => ({
      role: at % 2 === 0 ? 'user' : 'assistant',
      content:
        at === 17
          ? 'The harbour ferry to the island leaves at seven every morning from pier four.'
          : `Message ${at} is small talk about the weather and what everyone had for lunch today.`,
    })) as { role: 'user' | 'assistant'; content: string }[];
    const result = compressWithTuning(
      { context, query: 'When does the ferry leave?', level: 'ultra' },
      DEFAULT_TUNING,
      { explain: true },
    );
    const starts = renderContext(context).labels.map((label) => label.start);
    const messages = messageOutcomes(result.explanation!, starts);
    expect(messages).toHaveLength(30);
    expect(messages[17]!.kept).toBe(true);
    expect(messages[17]!.relevance).toBe(1);
    expect(messages[17]!.text).toContain('pier four');
    expect(messages.some((message) => !message.kept)).toBe(true);
    for (const message of messages) {
      expect(result.compressed.includes(message.text.trim())).toBe(message.kept);
    }
  });

  it('tell a message that ranked in but no longer fitted from one that ranked out', () => {
    // Ranked by score / tokens ** 0.2, as the turn selection does.
    const messages = [
      outcome(10, 2, true, 1),
      outcome(10, 0.5, true, 0),
      outcome(400, 1.9, false, 0.9),
      outcome(10, 0.4, false, 0.5),
      outcome(10, 0.3, false, 0.1),
      outcome(10, 0.2, false, 0),
    ];
    expect(classifyMiss(messages, 2, 0.2)).toBe('too long for what was left');
    expect(classifyMiss(messages, 3, 0.2)).toBe('matches, outranked');
    expect(classifyMiss(messages, 4, 0.2)).toBe('weak match');
    expect(classifyMiss(messages, 5, 0.2)).toBe('no match');
  });

  it('split the conversations in two halves, every question of one in the same half', () => {
    const halves = conversationHalves([
      { conversation: 'Chat_3' },
      { conversation: 'Chat_1' },
      { conversation: 'Chat_1' },
      { conversation: 'Chat_2' },
    ]);
    expect([...halves]).toEqual([
      ['Chat_1', 'A'],
      ['Chat_2', 'B'],
      ['Chat_3', 'A'],
    ]);
  });

  it('count the kept tokens of messages kept in part, none of messages kept whole', () => {
    const unit = (start: number, tokens: number, kept: boolean) =>
      ({ start, end: start + 1, tokens, kept }) as never;
    const explanation = {
      strategy: 'units',
      budget: 10,
      units: [
        unit(0, 3, true),
        unit(5, 4, true),
        unit(10, 6, false),
        unit(15, 2, true),
        unit(20, 5, false),
      ],
    } as never;
    // Messages start at 0 (units 0, 1: whole), 10 (units 2, 3: in part) and 20 (dropped).
    expect(partlyKeptTokens(explanation, [0, 10, 20])).toBe(2);
  });

  it('class an evidence message by what it shares with the question', () => {
    const query = 'Is Nebraas happy with her salary?';
    const lost = (relevance: number, neighbours: number) => ({
      ...outcome(20, 0.3, false, relevance),
      signals: { turnRelevance: relevance, turnNeighbours: neighbours },
    });
    const pay = 'Nebraas: I want to get more pay at my job';
    expect(linkClass(query, pay, lost(0, 0), false)).toBe('the question matches no message');
    expect(linkClass(query, pay, lost(0, 0), true)).toBe('no shared word, nothing lifts it');
    expect(linkClass(query, pay, lost(0, 0.3), true)).toBe(
      'no shared word, lifted by neighbours or scene',
    );
    expect(linkClass(query, pay, lost(0.1, 0), true)).toBe("only its speaker's name");
    // After a scene or date stamp, the label is still the speaker's.
    expect(linkClass(query, `(02.01.2024) ${pay}`, lost(0.1, 0), true)).toBe(
      "only its speaker's name",
    );
    expect(linkClass(query, 'Nebraas: My salary is fine', lost(0.5, 0), true)).toBe('other words');
    expect(linkClass(query, 'Vanessa: Nebraas told me he is happy', lost(0.5, 0), true)).toBe(
      'other words',
    );
  });
});
