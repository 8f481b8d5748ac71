import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import type { ShadowAnswer } from '@ctxopt/core';
import type { ShadowTicket } from '@ctxopt/core/internal';
import { answerOfContent, questionOf, streamAnswerCollector } from './shadow-answer.ts';

interface ShadowRecord {
  ticket: ShadowTicket;
  original: LanguageModelV4Prompt;
}

/**
 * Hands the user's answer to the ticket, with the call that answers the original prompt:
 * the wrapped model itself (no middleware), the same settings, no abort signal (the
 * user's call is over), never streaming.
 */
function start(
  record: ShadowRecord,
  params: LanguageModelV4CallOptions,
  model: LanguageModelV4,
  answer: ShadowAnswer,
): void {
  const { abortSignal: _signal, ...settings } = params;
  record.ticket.start(
    answer,
    async () => {
      const result = await model.doGenerate({ ...settings, prompt: record.original });
      return {
        answer: answerOfContent(result.content),
        inputTokens: result.usage.inputTokens.total,
      };
    },
    () => questionOf(record.original),
  );
}

/** A generate call's shadow, after its answer. */
export function shadowOriginal(
  record: ShadowRecord,
  params: LanguageModelV4CallOptions,
  model: LanguageModelV4,
  content: readonly LanguageModelV4Content[],
): void {
  start(record, params, model, answerOfContent(content));
}

/**
 * A stream call's shadow: the stream passes through untouched while its answer is
 * collected; when it ends the shadow starts, and when it fails or is cancelled there is
 * nothing to compare.
 */
export function shadowStream(
  result: LanguageModelV4StreamResult,
  record: ShadowRecord,
  params: LanguageModelV4CallOptions,
  model: LanguageModelV4,
): LanguageModelV4StreamResult {
  const collector = streamAnswerCollector();
  let failed = false;
  const watch = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
    transform(part, controller) {
      controller.enqueue(part);
      if (part.type === 'error') failed = true;
      collector.see(part);
    },
    flush() {
      if (failed) record.ticket.cancel();
      else start(record, params, model, collector.answer);
    },
    cancel() {
      record.ticket.cancel();
    },
  } as Transformer<LanguageModelV4StreamPart, LanguageModelV4StreamPart>);
  return { ...result, stream: result.stream.pipeThrough(watch) };
}
