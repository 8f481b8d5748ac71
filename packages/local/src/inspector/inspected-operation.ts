import type { CompressParams, ContextMessage, GenerateParams } from '@ctxopt/core';
import { detached } from '../emulator/detached.ts';
import type { ProcessedOutcome } from '../emulator/process-request.ts';
import type { RequestRecord } from '../emulator/request-record.ts';

/** One served request as the inspector lists it. Never holds a key. */
export interface OperationSummary {
  /** Sequence number since the emulator started; the inspector's handle on the operation. */
  id: number;
  /** When the answer was written (ISO 8601). */
  time: string;
  method: string;
  /** The request path, such as `/v1/compress`. */
  endpoint: string;
  operation: 'compress' | 'generate' | null;
  requestId: string;
  level?: CompressParams['level'];
  mode?: CompressParams['mode'];
  /** The provider as sent, its first `MAX_FIELD_CHARS` characters. */
  provider?: string;
  /** Characters of the provider as sent, when it was longer than what is kept. */
  providerChars?: number;
  /** The model as sent, its first `MAX_FIELD_CHARS` characters. */
  model?: string;
  /** Characters of the model as sent, when it was longer than what is kept. */
  modelChars?: number;
  /** The status answered, or `null` when a fault dropped the socket. */
  status: number | null;
  code?: string;
  replayed: boolean;
  /** 409 `idempotency_key_reused`. */
  conflict: boolean;
  fault?: RequestRecord['fault'];
  durationMs: number;
  /** `compression.status` of a success (`compressed`, `skipped`). */
  compression?: string;
  inputTokens?: number;
  compressedTokens?: number;
  savedTokens?: number;
  reductionPct?: number;
  /** True when the original context is kept for the detail view. */
  hasContext: boolean;
}

/** What the log keeps of an operation: its summary and its texts, capped and redacted. */
export interface InspectedOperation {
  summary: OperationSummary;
  /** The context as sent (redacted), or its rendering cut at the cap when it was longer. */
  context?: string | ContextMessage[];
  /** True when `context` was cut at the cap. */
  truncated: boolean;
  /** Characters of the whole context as sent. */
  contextChars: number;
  query?: string;
  /** `data.compressed` of a compress answer (capped, redacted). */
  compressed?: string;
  /** `data.answer` of a generate answer (capped, redacted). */
  answer?: string;
}

/**
 * Characters kept of each short field of an operation (provider, model, a message's role,
 * the path, the error code): every field is bounded, not only the texts, so a 5 MB model
 * name costs the inspector 256 characters.
 */
export const MAX_FIELD_CHARS = 256;

export interface CaptureLimits {
  maxTextChars: number;
  redact: (text: string) => string;
}

interface SuccessBody {
  data?: { compressed?: unknown; answer?: unknown };
  compression?: { status?: unknown };
  usage?: { request?: Record<string, unknown> };
}

function successBody(served: ProcessedOutcome | undefined): SuccessBody | undefined {
  if (!served || served.reply.status >= 300) return undefined;
  try {
    return JSON.parse(served.reply.body.toString('utf8')) as SuccessBody;
  } catch {
    // An injected malformed body: nothing to read.
    return undefined;
  }
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function capped(text: unknown, limits: CaptureLimits): string | undefined {
  if (typeof text !== 'string') return undefined;
  // Redacted before it is cut, so a cut never leaves part of a key behind.
  return detached(limits.redact(text).slice(0, limits.maxTextChars));
}

/** A short field, redacted, then cut at `MAX_FIELD_CHARS`. */
function field(text: string, limits: CaptureLimits): string {
  // Redacted before it is cut, so a cut never leaves part of a key behind.
  return detached(limits.redact(text).slice(0, MAX_FIELD_CHARS));
}

/** The provider or model as kept, plus its length as sent when it was cut. */
function paramField(
  name: 'provider' | 'model',
  text: string | undefined,
  limits: CaptureLimits,
): Partial<OperationSummary> {
  if (text === undefined || text === '') return {};
  const cut = text.length > MAX_FIELD_CHARS ? { [`${name}Chars`]: text.length } : {};
  return { [name]: field(text, limits), ...cut };
}

/** Characters of the context as sent: contents and roles. */
function contextChars(context: string | readonly ContextMessage[]): number {
  if (typeof context === 'string') return context.length;
  return context.reduce((sum, message) => sum + message.role.length + message.content.length, 0);
}

function captureContext(
  context: string | readonly ContextMessage[],
  limits: CaptureLimits,
): Pick<InspectedOperation, 'context' | 'truncated' | 'contextChars'> {
  const chars = contextChars(context);
  if (chars <= limits.maxTextChars) {
    const kept =
      typeof context === 'string'
        ? limits.redact(context)
        : context.map((message) => ({
            role: field(message.role, limits),
            content: limits.redact(message.content),
          }));
    return { context: kept, truncated: false, contextChars: chars };
  }
  // Too long to keep whole: the first characters of the text the engine read.
  const text =
    typeof context === 'string'
      ? context
      : context
          .map((message) => `${message.role.slice(0, MAX_FIELD_CHARS)}: ${message.content}`)
          .join('\n');
  return { context: capped(text, limits), truncated: true, contextChars: chars };
}

/** Builds the inspector's entry from the request record and what was served. */
export function inspectOperation(
  id: number,
  time: Date,
  record: RequestRecord,
  served: ProcessedOutcome | undefined,
  limits: CaptureLimits,
): InspectedOperation {
  const params = served?.params as (CompressParams & Partial<GenerateParams>) | undefined;
  const body = successBody(served);
  const usage = body?.usage?.request ?? {};
  const summary: OperationSummary = {
    id,
    time: time.toISOString(),
    method: field(record.method, limits),
    endpoint: field(record.path, limits),
    operation: served?.operation ?? null,
    requestId: field(record.requestId, limits),
    ...(params?.level ? { level: params.level } : {}),
    ...(params?.mode ? { mode: params.mode } : {}),
    ...paramField('provider', params?.provider, limits),
    ...paramField('model', params?.model, limits),
    status: record.status,
    ...(record.code ? { code: field(record.code, limits) } : {}),
    replayed: record.replayed,
    conflict: record.status === 409,
    ...(record.fault ? { fault: record.fault } : {}),
    durationMs: record.durationMs,
    ...(typeof body?.compression?.status === 'string'
      ? { compression: body.compression.status }
      : {}),
    inputTokens: count(usage.inputTokens),
    compressedTokens: count(usage.compressedTokens),
    savedTokens: count(usage.savedTokens),
    reductionPct: count(usage.reductionPct),
    hasContext: params !== undefined,
  };
  if (!params) return { summary, truncated: false, contextChars: 0 };
  return {
    summary,
    ...captureContext(params.context, limits),
    query: capped(params.query, limits),
    compressed: capped(body?.data?.compressed, limits),
    answer: capped(body?.data?.answer, limits),
  };
}
