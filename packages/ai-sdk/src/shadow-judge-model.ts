import type { LanguageModelV4 } from '@ai-sdk/provider';
import { judgeRubric, readJudgeReply, type ShadowJudge } from '@ctxopt/core';

/** Whether `shadow.judge` is an AI SDK language model rather than a judge function. */
export function isLanguageModel(value: unknown): value is LanguageModelV4 {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { doGenerate?: unknown }).doGenerate === 'function'
  );
}

/** LLM-as-judge with an AI SDK model: the fixed short rubric, one short reply. */
export function judgeWithModel(model: LanguageModelV4): ShadowJudge {
  return async (input) => {
    const result = await model.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: judgeRubric(input) }] }],
      maxOutputTokens: 60,
      temperature: 0,
    });
    const reply = result.content
      .flatMap((part) => (part.type === 'text' ? [part.text] : []))
      .join('');
    return readJudgeReply(reply);
  };
}
