import type {
  LanguageModelV4Content,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type { ShadowAnswer } from '@ctxopt/core';

/** A generate result's content as the judge compares it: its text and its tool calls. */
export function answerOfContent(content: readonly LanguageModelV4Content[]): ShadowAnswer {
  const answer: ShadowAnswer = { text: '', toolCalls: [] };
  for (const part of content) {
    if (part.type === 'text') answer.text += part.text;
    else if (part.type === 'tool-call')
      answer.toolCalls.push({ name: part.toolName, arguments: part.input });
  }
  return answer;
}

/** Collects a stream's answer as its parts pass by; `answer` is complete once `finish` passed. */
export function streamAnswerCollector() {
  const answer: ShadowAnswer = { text: '', toolCalls: [] };
  return {
    answer,
    see(part: LanguageModelV4StreamPart): void {
      if (part.type === 'text-delta') answer.text += part.delta;
      else if (part.type === 'tool-call')
        answer.toolCalls.push({ name: part.toolName, arguments: part.input });
    },
  };
}

/** The text of the prompt's last user message: the question the judge is told about. */
export function questionOf(prompt: LanguageModelV4Prompt): string {
  const last = prompt.findLast((message) => message.role === 'user');
  if (last?.role !== 'user') return '';
  return last.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}
