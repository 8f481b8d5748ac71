import { describe, expect, it } from 'vitest';
import { countTokens } from '../engine/tokenizer.ts';
import { buildPrompt } from './build-prompt.ts';
import {
  createOfflineAdapter,
  OFFLINE_ANSWER_PREFIX,
  OFFLINE_NO_MATCH_ANSWER,
  offlineAnswer,
} from './offline-adapter.ts';

const context =
  'Berlin is the capital of Germany. Bananas are rich in potassium.\n' +
  'Paris is the capital of France and its largest city. The Louvre opened in 1793.';

describe('the offline adapter', () => {
  it('answers with the sentence that best matches the query and says where it comes from', () => {
    expect(offlineAnswer(context, 'What is the capital of France?')).toBe(
      `${OFFLINE_ANSWER_PREFIX}Paris is the capital of France and its largest city.`,
    );
  });

  it('keeps equally good sentences in context order', () => {
    expect(offlineAnswer(context, 'Name the capital of Germany and of France.')).toBe(
      `${OFFLINE_ANSWER_PREFIX}Berlin is the capital of Germany. Paris is the capital of France and its largest city.`,
    );
  });

  it('says so when nothing in the context matches', () => {
    expect(offlineAnswer(context, 'Who painted the Mona Lisa?')).toBe(OFFLINE_NO_MATCH_ANSWER);
  });

  it('opens with the first sentences when there is no query', () => {
    expect(offlineAnswer(context, undefined)).toBe(
      `${OFFLINE_ANSWER_PREFIX}Berlin is the capital of Germany. Bananas are rich in potassium.`,
    );
  });

  it('reports real token counts of the prompt and the answer, within maxOutputTokens', async () => {
    const query = 'What is the capital of France?';
    const adapter = createOfflineAdapter();
    const answer = await adapter.generate({
      model: 'gpt-4o-mini',
      context,
      query,
      maxOutputTokens: 5,
    });
    const prompt = buildPrompt(context, query);
    expect(answer.inputTokens).toBe(countTokens(prompt.system) + countTokens(prompt.user));
    expect(answer.outputTokens).toBe(countTokens(answer.answer));
    expect(answer.outputTokens).toBeLessThanOrEqual(5);
    expect(answer.totalTokens).toBe(answer.inputTokens + answer.outputTokens);
    expect(answer.answer).toBe(
      (await adapter.generate({ model: 'x', context, query, maxOutputTokens: 1024 })).answer.slice(
        0,
        answer.answer.length,
      ),
    );
  });
});
