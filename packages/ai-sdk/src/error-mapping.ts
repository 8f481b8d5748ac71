import { APICallError, InvalidArgumentError } from '@ai-sdk/provider';
import { APIConnectionError, APIError, RequestValidationError } from '@ctxopt/core';

/** Where the failed operation went and what it sent, for `APICallError`. */
export interface FailedCall {
  url: string;
  requestBodyValues: unknown;
  /** The caller's signal: when it fired, its reason is rethrown as the AI SDK expects. */
  abortSignal?: AbortSignal | undefined;
}

/** Matches core's cap: a 429 whose Retry-After lies further out fails at once. */
const MAX_RETRY_AFTER_MS = 60_000;
const retryableStatuses = new Set([500, 502, 503, 504]);
const secretHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'cookie',
  'set-cookie',
]);

/**
 * Maps a core error to the AI SDK's conventions:
 * - the caller's abort → the signal's reason (an `AbortError`, which the SDK never retries);
 * - a broken contract rule → `InvalidArgumentError` naming the field;
 * - an error status or no connection → `APICallError`, with `isRetryable` true exactly
 *   where core would retry: connection errors, timeouts, 500/502/503/504, and 429 with a
 *   usable Retry-After. Response headers are copied without credentials.
 * Anything else (a missing API key, say) is returned as it is.
 */
export function toAISDKError(error: unknown, call: FailedCall): unknown {
  if (call.abortSignal?.aborted) return call.abortSignal.reason ?? error;
  if (RequestValidationError.isInstance(error)) {
    return new InvalidArgumentError({
      argument: error.field,
      message: error.message,
      cause: error,
    });
  }
  if (APIError.isInstance(error)) {
    return new APICallError({
      message: error.message,
      url: call.url,
      requestBodyValues: call.requestBodyValues,
      ...(error.status === undefined ? {} : { statusCode: error.status }),
      responseHeaders: withoutSecrets(error.headers),
      isRetryable: isRetryableStatus(error.status, error.headers),
      data: { code: error.code ?? null, requestId: error.requestId ?? null },
      cause: error,
    });
  }
  if (APIConnectionError.isInstance(error)) {
    return new APICallError({
      message: error.message,
      url: call.url,
      requestBodyValues: call.requestBodyValues,
      isRetryable: true,
      cause: error,
    });
  }
  return error;
}

function isRetryableStatus(status: number | undefined, headers: Record<string, string>): boolean {
  if (status === undefined) return false;
  if (retryableStatuses.has(status)) return true;
  if (status !== 429) return false;
  const delay = retryAfterMs(headers);
  return delay !== undefined && delay <= MAX_RETRY_AFTER_MS;
}

/** `retry-after-ms` (milliseconds) or `retry-after` (seconds or an HTTP date). */
function retryAfterMs(headers: Record<string, string>): number | undefined {
  const milliseconds = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(milliseconds) && milliseconds >= 0)
    return milliseconds;
  const value = headers['retry-after']?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function withoutSecrets(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !secretHeaders.has(name.toLowerCase())),
  );
}
