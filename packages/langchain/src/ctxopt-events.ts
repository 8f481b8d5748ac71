import type {
  CompressionReport,
  CompressResponse,
  GenerateResponse,
  ShadowEvent,
} from '@ctxopt/core';
import { type MonthlyUsage, summarizeError } from '@ctxopt/core';
import { dispatchCustomEvent } from '@langchain/core/callbacks/dispatch';
import type { RunnableConfig } from '@langchain/core/runnables';
import { type CompressionSummary, summarizeUsage } from './usage-summary.ts';

/** Name of the custom event each compression dispatches. */
export const USAGE_EVENT = 'ctxopt_usage';
/** Name of the custom event a failed compression that fell back dispatches. */
export const ERROR_EVENT = 'ctxopt_error';
/** Name of the custom event of shadow evaluation: a judged pair, a level change, an observed call, a failure. */
export const SHADOW_EVENT = 'ctxopt_shadow';

/**
 * Where an event goes: a run's config (the event attaches to that config's parent run),
 * a run manager (to that run), or nothing (the ambient run, if any).
 */
export type EventScope =
  | RunnableConfig
  | { handleCustomEvent(eventName: string, data: unknown): Promise<void> }
  | undefined;

/** Which part of this package dispatched an event. */
export type CtxoptEventSource = 'compressor' | 'runnable' | 'middleware' | 'chat_model';

/**
 * Payload of `ctxopt_usage`: the request's figures, and the month's when the service sent
 * them. From the runnable and the middleware it is the policy's whole `CompressionReport`
 * (the one `onCompress` receives): which messages, sizes before and after, compressed
 * texts, request ids, figures summed over the spans the model received.
 */
export interface CtxoptUsageEvent
  extends CompressionSummary,
    Partial<Omit<CompressionReport, keyof CompressionSummary | 'monthly'>> {
  source: CtxoptEventSource;
  monthly?: MonthlyUsage;
}

/** Payload of `ctxopt_error`. Built from the error's safe fields only: never a header or key. */
export interface CtxoptErrorEvent {
  source: CtxoptEventSource;
  /** The error class, such as `InternalServerError` or `APIConnectionError`. */
  name: string;
  /** The service's `error.code`, when it sent one. */
  code?: string;
  /** The HTTP status, when a response arrived. */
  status?: number;
  message: string;
  requestId?: string;
}

export function dispatchUsage(
  response: CompressResponse | GenerateResponse,
  source: CtxoptEventSource,
  scope?: EventScope,
): Promise<void> {
  const payload: CtxoptUsageEvent = { source, ...summarizeUsage(response) };
  return safeDispatch(USAGE_EVENT, payload, scope);
}

/**
 * Dispatches a conversation's report as `ctxopt_usage`, and hands the same payload to
 * `write` (LangGraph's custom stream, `streamMode: 'custom'`) as `{ type, data }`.
 */
export function dispatchReport(
  report: CompressionReport,
  source: CtxoptEventSource,
  scope?: EventScope,
  write?: (chunk: unknown) => void,
): Promise<void> {
  const payload = { source, ...report, requestId: report.requestId ?? '' } as CtxoptUsageEvent;
  if (write) {
    try {
      write({ type: USAGE_EVENT, data: payload });
    } catch {
      // Reporting never breaks the call it reports on.
    }
  }
  return safeDispatch(USAGE_EVENT, payload, scope);
}

/**
 * Dispatches a shadow event as `ctxopt_shadow` (a failure's error as its safe summary),
 * and hands it to `write` (LangGraph's custom stream) while the run is still going.
 */
export function dispatchShadow(
  event: ShadowEvent,
  source: CtxoptEventSource,
  scope?: EventScope,
  write?: (chunk: unknown) => void,
): Promise<void> {
  const payload =
    event.type === 'failed'
      ? { source, ...event, error: summarizeError(event.error) }
      : { source, ...event };
  if (write) {
    try {
      write({ type: SHADOW_EVENT, data: payload });
    } catch {
      // Reporting never breaks the call it reports on.
    }
  }
  return safeDispatch(SHADOW_EVENT, payload, scope);
}

export function dispatchError(
  error: unknown,
  source: CtxoptEventSource,
  scope?: EventScope,
): Promise<void> {
  return safeDispatch(ERROR_EVENT, errorEventOf(error, source), scope);
}

export function errorEventOf(error: unknown, source: CtxoptEventSource): CtxoptErrorEvent {
  return { source, ...summarizeError(error) };
}

/**
 * Reporting usage must never break the call it reports on: outside a run there is no
 * parent to attach the event to (LangChain then drops it), and a failing handler is
 * the handler's problem, not the model call's.
 */
async function safeDispatch(name: string, payload: object, scope: EventScope) {
  try {
    if (scope && 'handleCustomEvent' in scope) await scope.handleCustomEvent(name, payload);
    else await dispatchCustomEvent(name, payload, scope);
  } catch {
    // Deliberately ignored; see above.
  }
}
