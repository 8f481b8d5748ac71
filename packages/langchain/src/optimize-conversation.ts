import {
  APIUserAbortError,
  applyCompression,
  type CompressionReport,
  type ConversationCompressor,
  type ConversationPolicy,
} from '@ctxopt/core';
import type { ShadowCall } from '@ctxopt/core/internal';
import type { BaseMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { CompressedMessageFactory } from './compressed-message.ts';
import { type CtxoptEventSource, dispatchError, dispatchReport } from './ctxopt-events.ts';
import { messageEdits } from './message-edits.ts';
import { toPlannerMessages } from './message-mapping.ts';

/** Everything the runnable and the middleware share about compressing a conversation. */
export interface ConversationSettings {
  /** The conversation policy shared with `@ctxopt/ai-sdk`, at work (its cache included). */
  compressor: ConversationCompressor;
  source: CtxoptEventSource;
  createMessage: CompressedMessageFactory;
}

export interface ConversationCall {
  /** The run's config: custom events attach to its run. Absent: the ambient run, if any. */
  config?: RunnableConfig;
  signal?: AbortSignal;
  /** The policy for this call (per-call options applied). @default the instance's */
  policy?: ConversationPolicy;
  /** Also receives the report (LangGraph's custom stream writer, in an agent). */
  write?: (chunk: unknown) => void;
  /**
   * The model turns `cache_control` content blocks into Anthropic cache breakpoints
   * (`@langchain/anthropic`): block mode's breakpoints are marked on the messages.
   */
  cacheMarkers?: boolean;
  /**
   * Cache marks of the app's outside `messages` (system message, tools, request level):
   * block mode's breakpoints fit beside them within Anthropic's four. @default 0
   */
  cacheMarksOutside?: number;
  /** Shadow evaluation of this call: `adapt`'s levels go to the compressor. */
  shadow?: ShadowCall;
  /** Receives the compression's report (shadow evaluation admits or observes the call with it). */
  onReport?: (report: CompressionReport) => void;
}

/**
 * Applies the conversation policy to `messages`: the history span becomes one message,
 * older tool results are compressed in place, every other message stays the same object
 * (with Anthropic cache markers, each is sent as content blocks: `markableShape`).
 * Fails open unless `onError` is `throw`: a span that failed stays as it was and
 * `ctxopt_error` fires. Each prompt that used a compression dispatches `ctxopt_usage`
 * with the report (which messages, sizes, texts, request ids, usage).
 */
export async function optimizeConversation(
  messages: BaseMessage[],
  settings: ConversationSettings,
  call: ConversationCall = {},
): Promise<BaseMessage[]> {
  let run: Awaited<ReturnType<ConversationCompressor['run']>>;
  try {
    run = await settings.compressor.run(toPlannerMessages(messages), {
      ...(call.policy ? { policy: call.policy } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.shadow?.levelFor ? { levelFor: call.shadow.levelFor } : {}),
    });
  } catch (error) {
    // The caller's own abort ends the run; falling open would only hide it.
    if (call.signal?.aborted && !APIUserAbortError.isInstance(error)) {
      throw new APIUserAbortError(undefined, { cause: error });
    }
    throw error;
  }
  call.onReport?.(run.report);
  if (run.error !== undefined) await dispatchError(run.error, settings.source, call.config);
  if (worthReporting(run.report)) {
    await dispatchReport(run.report, settings.source, call.config, call.write);
  }
  return applyCompression(
    messages,
    run.plan,
    run.texts,
    messageEdits(
      run,
      settings.createMessage,
      call.cacheMarkers === true,
      call.cacheMarksOutside ?? 0,
    ),
  );
}

function worthReporting(report: CompressionReport): boolean {
  return report.status === 'compressed' || report.calls > 0;
}
