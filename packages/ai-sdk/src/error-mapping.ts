import { APICallError, InvalidArgumentError } from '@ai-sdk/provider';
import {
  APIConnectionError,
  APIError,
  InvalidOptionError,
  isRetryableError,
  RequestValidationError,
} from '@ctxopt/core';

/**
 * A broken option as the AI SDK reports one: `InvalidArgumentError` naming the field.
 * Takes core's `InvalidOptionError`, or a field and rule found here.
 */
export function optionError(error: unknown): unknown;
export function optionError(field: string, rule: string, owner: string): InvalidArgumentError;
export function optionError(errorOrField: unknown, rule?: string, owner?: string): unknown {
  if (typeof errorOrField === 'string') {
    return new InvalidArgumentError({
      argument: errorOrField,
      message: `${owner}: ${errorOrField} ${rule}.`,
    });
  }
  if (!InvalidOptionError.isInstance(errorOrField)) return errorOrField;
  return new InvalidArgumentError({
    argument: errorOrField.field,
    message: errorOrField.message,
    cause: errorOrField,
  });
}

/** Where the failed operation went and what it sent, for `APICallError`. */
export interface FailedCall {
  url: string;
  requestBodyValues: unknown;
  /** The caller's signal: when it fired, its reason is rethrown as the AI SDK expects. */
  abortSignal?: AbortSignal | undefined;
}

/**
 * Maps a core error to the AI SDK's conventions:
 * - the caller's abort → the signal's reason (an `AbortError`, which the SDK never retries);
 * - a broken contract rule → `InvalidArgumentError` naming the field;
 * - an error status or no connection → `APICallError`, with `isRetryable` true exactly
 *   where core would retry: connection errors, timeouts, 500/502/503/504, and 429 with a
 *   usable Retry-After. Response headers come masked from core.
 * Anything else (a missing API key, say) is returned as it is.
 */
export function toAISDKError(error: unknown, call: FailedCall): unknown {
  if (call.abortSignal?.aborted) return call.abortSignal.reason ?? error;
  if (InvalidOptionError.isInstance(error)) return optionError(error);
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
      // Core has already masked credentials in these headers.
      responseHeaders: error.headers,
      isRetryable: isRetryableError(error),
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
