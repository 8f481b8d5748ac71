import type { ModelMessage } from 'ai';

/**
 * A long, varied history: about 2,000 tokens by the planner's estimate, well above the
 * middleware's default `minTokens` of 500.
 */
export function longText(topic: string, sentences = 60): string {
  const lines: string[] = [];
  for (let index = 1; index <= sentences; index++) {
    lines.push(
      `Note ${index} on ${topic}: the team measured build ${index * 7} taking ${index + 11} minutes on runner ${index % 5}.`,
    );
  }
  return lines.join(' ');
}

export const HISTORY_USER = longText('the release pipeline');
export const HISTORY_ASSISTANT = longText('the flaky integration tests');
export const QUESTION = 'Which runner had the slowest build?';
export const SYSTEM = 'You are a release engineer. Answer in one sentence.';

/** A three-turn chat: long user message, long assistant answer, then the question. */
export function chatMessages(): ModelMessage[] {
  return [
    { role: 'user', content: HISTORY_USER },
    { role: 'assistant', content: HISTORY_ASSISTANT },
    { role: 'user', content: QUESTION },
  ];
}
