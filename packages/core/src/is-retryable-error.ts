import { APIConnectionError, APIError, APIUserAbortError } from './errors.ts';
import { decideStatusRetry } from './internal/retry-policy.ts';

/**
 * Whether the client would try this error again: a connection error or timeout, a
 * 500/502/503/504, or a 429 whose Retry-After is within the 60 s cap. Integrations that
 * run their own retries (the AI SDK's, say) use it so both layers agree on one rule.
 */
export function isRetryableError(error: unknown): boolean {
  if (APIUserAbortError.isInstance(error)) return false;
  if (APIConnectionError.isInstance(error)) return true;
  if (!APIError.isInstance(error) || typeof error.status !== 'number' || error.status < 400) {
    return false;
  }
  // An error built elsewhere (another copy of the package, a test double) may carry no headers.
  const headers = typeof error.headers === 'object' && error.headers !== null ? error.headers : {};
  return decideStatusRetry(error.status, headers, 0).retry;
}
