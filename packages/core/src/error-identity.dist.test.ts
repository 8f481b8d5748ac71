// Error identity as users see it, imported by package name so that the dist layer runs it
// against the built files (ESM and CommonJS): a bundler once renamed `APIError` to
// `_APIError`, and every check keyed on the runtime class name broke in the shipped code.
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ContextOptimizerError,
  IdempotencyConflictError,
  InternalServerError,
  InvalidOptionError,
  isRetryableError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  summarizeError,
  UnprocessableEntityError,
} from '@ctxopt/core';
import { describe, expect, it } from 'vitest';

const init = { code: 'some_code', requestId: 'req_identity', headers: {} };

// Each class, the status that makes it (if any), and the classes it must also count as.
const statusClasses = [
  { errorClass: BadRequestError, status: 400 },
  { errorClass: AuthenticationError, status: 401 },
  { errorClass: PermissionDeniedError, status: 403 },
  { errorClass: NotFoundError, status: 404 },
  { errorClass: IdempotencyConflictError, status: 409 },
  { errorClass: UnprocessableEntityError, status: 422 },
  { errorClass: RateLimitError, status: 429 },
  { errorClass: InternalServerError, status: 503 },
] as const;

const everyClass = [
  ContextOptimizerError,
  RequestValidationError,
  APIError,
  ...statusClasses.map(({ errorClass }) => errorClass),
  ResponseValidationError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  InvalidOptionError,
] as const;

describe('error identity', () => {
  it('APIError.generate makes the class of each status, and isInstance knows it and its parents', () => {
    for (const { errorClass, status } of statusClasses) {
      const error = APIError.generate(status, 'failed', init);
      expect(error.name).toBe(errorClass.name);
      expect(errorClass.isInstance(error)).toBe(true);
      expect(APIError.isInstance(error)).toBe(true);
      expect(ContextOptimizerError.isInstance(error)).toBe(true);
      for (const { errorClass: other } of statusClasses) {
        if (other !== errorClass) expect(other.isInstance(error)).toBe(false);
      }
      expect(APIConnectionError.isInstance(error)).toBe(false);
    }
  });

  it('every class has its own literal name, on the instance and on the class', () => {
    const names = everyClass.map((errorClass) => errorClass.name);
    expect(names).toEqual([
      'ContextOptimizerError',
      'RequestValidationError',
      'APIError',
      'BadRequestError',
      'AuthenticationError',
      'PermissionDeniedError',
      'NotFoundError',
      'IdempotencyConflictError',
      'UnprocessableEntityError',
      'RateLimitError',
      'InternalServerError',
      'ResponseValidationError',
      'APIConnectionError',
      'APIConnectionTimeoutError',
      'APIUserAbortError',
      'InvalidOptionError',
    ]);
    expect(new APIConnectionTimeoutError('slow').name).toBe('APIConnectionTimeoutError');
    expect(APIError.generate(503, 'failed', init).name).toBe('InternalServerError');
  });

  it('recognises an error made by another copy of the package through the literal marker keys', () => {
    // Another installed copy (the CommonJS build, an older version) shares only the
    // Symbol.for registry: the keys `ctxopt.error.<Name>` are a contract between versions.
    const fromAnotherCopy = Object.assign(new Error('from elsewhere'), {
      status: 503,
      code: 'provider_unavailable',
      requestId: 'req_other',
      headers: {},
    });
    for (const name of ['ContextOptimizerError', 'APIError', 'InternalServerError']) {
      Object.defineProperty(fromAnotherCopy, Symbol.for(`ctxopt.error.${name}`), { value: true });
    }
    expect(APIError.isInstance(fromAnotherCopy)).toBe(true);
    expect(InternalServerError.isInstance(fromAnotherCopy)).toBe(true);
    expect(RateLimitError.isInstance(fromAnotherCopy)).toBe(false);
    expect(isRetryableError(fromAnotherCopy)).toBe(true);
    expect(summarizeError(fromAnotherCopy)).toMatchObject({ status: 503, requestId: 'req_other' });
  });

  it('isRetryableError says yes to a 5xx and a connection error made by the package', () => {
    for (const status of [500, 502, 503, 504]) {
      expect(isRetryableError(APIError.generate(status, 'failed', init))).toBe(true);
    }
    expect(isRetryableError(new APIConnectionTimeoutError('slow'))).toBe(true);
    expect(isRetryableError(APIError.generate(409, 'conflict', init))).toBe(false);
  });

  it('summarizeError keeps status, code and requestId of an error made by the package', () => {
    expect(summarizeError(APIError.generate(429, 'quota spent', init))).toEqual({
      name: 'RateLimitError',
      message: 'quota spent',
      status: 429,
      code: 'some_code',
      requestId: 'req_identity',
    });
  });

  it('plain objects and look-alikes are not errors of ours', () => {
    const lookAlike = Object.assign(new Error('x'), { name: 'APIError', status: 500 });
    for (const errorClass of everyClass) {
      expect(errorClass.isInstance(lookAlike)).toBe(false);
      expect(errorClass.isInstance(undefined)).toBe(false);
      expect(errorClass.isInstance('APIError')).toBe(false);
    }
  });
});
