import { countTokens } from '../engine/tokenizer.ts';
import { buildPrompt } from './build-prompt.ts';
import type { ProviderAdapter, ProviderAnswer, ProviderCall } from './provider-adapter.ts';

/** How many of the best-matching sentences the offline answer quotes. */
const MAX_SENTENCES = 2;
export const OFFLINE_ANSWER_PREFIX = 'Based on the context: ';
export const OFFLINE_NO_MATCH_ANSWER = 'The context does not mention that.';

// Words too common to say anything about whether a sentence answers the query.
const stopWords = new Set(
  'the and for are was were what when where which who whom why how does did has have had with from that this these those into about than then them they their there your you can could would should will shall may might not but its our out all any also been being just more most some such very'.split(
    ' ',
  ),
);

function terms(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((word) => word.length > 2 && !stopWords.has(word)));
}

function sentencesOf(context: string): string[] {
  return context
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** Picks the (at most two) sentences sharing the most words with the query, in context order. */
export function offlineAnswer(context: string, query: string | undefined): string {
  const sentences = sentencesOf(context);
  if (sentences.length === 0) return OFFLINE_NO_MATCH_ANSWER;
  const wanted = terms(query ?? '');
  if (wanted.size === 0) return OFFLINE_ANSWER_PREFIX + sentences.slice(0, MAX_SENTENCES).join(' ');
  const scored = sentences.map((sentence, index) => {
    let score = 0;
    for (const term of terms(sentence)) if (wanted.has(term)) score++;
    return { sentence, index, score };
  });
  const best = scored.reduce((top, entry) => Math.max(top, entry.score), 0);
  // Only the sentences that match as well as the best one: a partial match is noise.
  const chosen =
    best === 0 ? [] : scored.filter((entry) => entry.score === best).slice(0, MAX_SENTENCES);
  if (chosen.length === 0) return OFFLINE_NO_MATCH_ANSWER;
  return OFFLINE_ANSWER_PREFIX + chosen.map((entry) => entry.sentence).join(' ');
}

/** Cuts whole words off the end until the text fits `maxTokens`. */
function fitTokens(text: string, maxTokens: number): string {
  if (countTokens(text) <= maxTokens) return text;
  const words = text.split(/(?<=\s)/);
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(words.slice(0, middle).join('').trimEnd()) <= maxTokens) low = middle;
    else high = middle - 1;
  }
  return words.slice(0, low).join('').trimEnd();
}

/**
 * A deterministic stand-in for a model: it answers from the compressed context with the
 * sentences that best match the query, and reports real token counts of the prompt a
 * provider would have received and of the answer.
 */
export function createOfflineAdapter(): ProviderAdapter {
  return {
    kind: 'offline',
    async generate(call: ProviderCall): Promise<ProviderAnswer> {
      const prompt = buildPrompt(call.context, call.query);
      const answer = fitTokens(offlineAnswer(call.context, call.query), call.maxOutputTokens);
      const inputTokens = countTokens(prompt.system) + countTokens(prompt.user);
      const outputTokens = countTokens(answer);
      return { answer, inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
    },
  };
}
