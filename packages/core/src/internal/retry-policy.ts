/**
 * When a failed attempt is tried again, and after how long.
 *
 * Retried: connection errors, timeouts, 500/502/503/504, and 429 only when the server
 * says when (`retry-after-ms` or `retry-after`) within `MAX_RETRY_AFTER_MS`. Every
 * other status, 409 included, is final: spec 7.4 asks the caller to correct a 4xx.
 */

export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

const retryableStatuses = new Set([500, 502, 503, 504]);

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

/** Reads `retry-after-ms` (milliseconds) or `retry-after` (seconds or an HTTP date). */
export function parseRetryAfter(
  headers: Record<string, string | string[] | undefined>,
  now = Date.now(),
): number | undefined {
  const milliseconds = Number(first(headers['retry-after-ms']));
  if (
    first(headers['retry-after-ms']) !== undefined &&
    Number.isFinite(milliseconds) &&
    milliseconds >= 0
  ) {
    return milliseconds;
  }
  const value = first(headers['retry-after']);
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter: 0.5 s doubling per retry, capped at 8 s, up to 25% less. */
export function backoffDelay(retryNumber: number, random = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, INITIAL_BACKOFF_MS * 2 ** retryNumber);
  return base * (1 - 0.25 * random());
}

/** Whether a response with this status is tried again, and after how long. */
export function decideStatusRetry(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  retryNumber: number,
): RetryDecision {
  const retryAfter = parseRetryAfter(headers);
  if (status === 429) {
    if (retryAfter === undefined || retryAfter > MAX_RETRY_AFTER_MS) return { retry: false };
    return { retry: true, delayMs: retryAfter };
  }
  if (!retryableStatuses.has(status)) return { retry: false };
  const delayMs =
    retryAfter !== undefined && retryAfter <= MAX_RETRY_AFTER_MS
      ? retryAfter
      : backoffDelay(retryNumber);
  return { retry: true, delayMs };
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
