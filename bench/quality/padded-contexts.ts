import { countTokens } from '../../packages/local/src/engine/tokenizer.ts';
import type { SuiteExample } from './suite-example.ts';

/**
 * A set's questions over longer contexts: each article followed by paragraphs of the
 * set's other articles, until it reaches `tokens`. A short-article set (ARCD's contexts
 * are about 500 tokens, XQuAD English's about 800) then gets the token budget of a
 * long-article one at the same level, with text the question does not ask about in the
 * extra room, so a comparison can tell the budget apart from the language.
 *
 * Built from the dev part only: every distractor comes from another dev article, so no
 * held-out text enters, and a paragraph holding an answer of the article's own questions
 * (case-insensitively) is never taken as a distractor. Deterministic: the articles after
 * the padded one, in the set's order, give their paragraphs in turn.
 */
export function paddedWithDistractors(
  examples: readonly SuiteExample[],
  tokens: number,
): SuiteExample[] {
  const dev = examples.filter((example) => example.split === 'dev');
  const articles = [...new Set(dev.map((example) => example.context as string))];
  const answersOf = new Map<string, string[]>();
  for (const example of dev) {
    const text = example.context as string;
    const answers = (example.answers ?? []).map((answer) => answer.toLowerCase());
    answersOf.set(text, [...(answersOf.get(text) ?? []), ...answers]);
  }
  const paragraphs = articles.map((article) => article.split(/\n\s*\n/));
  const padded = new Map<string, string>();
  articles.forEach((article, at) => {
    const answers = answersOf.get(article) ?? [];
    const parts = [article];
    let used = countTokens(article);
    for (let step = 1; step < articles.length && used < tokens; step++) {
      for (const paragraph of paragraphs[(at + step) % articles.length]!) {
        if (used >= tokens) break;
        const lower = paragraph.toLowerCase();
        if (answers.some((answer) => lower.includes(answer))) continue;
        parts.push(paragraph);
        used += countTokens(paragraph) + 1;
      }
    }
    padded.set(article, parts.join('\n\n'));
  });
  return dev.map((example) => ({
    ...example,
    id: `${example.id}-padded`,
    context: padded.get(example.context as string)!,
  }));
}

/** XQuAD English's median dev context in o200k tokens (bench/language-gap.ts: 799). */
export const XQUAD_EN_CONTEXT_TOKENS = 800;
