import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  RequestValidationError,
  ResponseValidationError,
} from './errors.ts';
import { isRetryableError } from './is-retryable-error.ts';

const statusError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, 'failed', { code: 'x', requestId: 'req_1', headers });

describe('isRetryableError', () => {
  it('says yes exactly where the client retries', () => {
    expect(isRetryableError(new APIConnectionError('reset'))).toBe(true);
    expect(isRetryableError(new APIConnectionTimeoutError('slow'))).toBe(true);
    for (const status of [500, 502, 503, 504])
      expect(isRetryableError(statusError(status))).toBe(true);
    expect(isRetryableError(statusError(429, { 'retry-after': '2' }))).toBe(true);
  });

  it('says no to everything else', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 501]) {
      expect(isRetryableError(statusError(status))).toBe(false);
    }
    expect(isRetryableError(statusError(429))).toBe(false);
    expect(isRetryableError(statusError(429, { 'retry-after': '61' }))).toBe(false);
    expect(isRetryableError(new APIUserAbortError())).toBe(false);
    expect(isRetryableError(new RequestValidationError('compress', []))).toBe(false);
    const malformed = new ResponseValidationError('not JSON', {
      status: 200,
      code: undefined,
      requestId: undefined,
      headers: {},
    });
    expect(isRetryableError(malformed)).toBe(false);
    expect(isRetryableError(new Error('other'))).toBe(false);
  });

  it('decides without throwing for an APIError that carries no headers', () => {
    const bare = (status: number) =>
      APIError.generate(status, 'failed', {
        code: 'x',
        requestId: 'req_1',
        headers: undefined as never,
      });
    expect(() => isRetryableError(bare(503))).not.toThrow();
    expect(isRetryableError(bare(503))).toBe(true);
    expect(isRetryableError(bare(429))).toBe(false);
    expect(isRetryableError(bare(400))).toBe(false);
  });
});
