import { describe, expect, it } from 'vitest';
import { ContextOptimizerClient } from './client.ts';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  IdempotencyConflictError,
  InternalServerError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
} from './errors.ts';
import {
  API_KEY,
  BASE_URL,
  compressSuccess,
  errorBody,
  fakeService,
  useIsolatedNetwork,
} from './test-support/fake-service.ts';

useIsolatedNetwork();

const client = () =>
  new ContextOptimizerClient({ apiKey: API_KEY, baseURL: BASE_URL, sleep: async () => {} });

describe('error responses', () => {
  it('maps each status to its class, keeping code, message and requestId', async () => {
    const cases = [
      [400, BadRequestError],
      [401, AuthenticationError],
      [409, IdempotencyConflictError],
      [422, UnprocessableEntityError],
      [429, RateLimitError],
      [500, InternalServerError],
    ] as const;
    for (const [status, errorClass] of cases) {
      fakeService('/v1/compress', [
        { status, body: errorBody('some_code', 'Something is wrong.', `req_${status}`) },
      ]);
      const error = await client()
        .compress({ context: 'x' }, { maxRetries: 0 })
        .catch((caught: unknown) => caught);
      expect(errorClass.isInstance(error)).toBe(true);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toMatchObject({ status, code: 'some_code', requestId: `req_${status}` });
      expect((error as Error).message).toContain(
        `POST /v1/compress failed with ${status} some_code`,
      );
    }
  });

  it('takes the requestId from the request-id header when the body has none', async () => {
    fakeService('/v1/compress', [
      { status: 401, body: 'Unauthorized', headers: { 'request-id': 'req_from_header' } },
    ]);
    const error = await client()
      .compress({ context: 'x' })
      .catch((caught: unknown) => caught);
    expect(AuthenticationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, requestId: 'req_from_header', code: undefined });
  });

  it('turns a success body that is not JSON into ResponseValidationError, never a SyntaxError', async () => {
    fakeService('/v1/compress', [
      { status: 200, body: '{"success": tru', headers: { 'x-request-id': 'req_broken' } },
    ]);
    const error = await client()
      .compress({ context: 'x' })
      .catch((caught: unknown) => caught);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 200, requestId: 'req_broken' });
  });

  it('rejects a success body that lacks a required field', async () => {
    const body = compressSuccess();
    delete (body.data as Partial<typeof body.data>).compressed;
    fakeService('/v1/compress', [{ status: 200, body }]);
    const error = await client()
      .compress({ context: 'x' })
      .catch((caught: unknown) => caught);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('data.compressed');
    expect(error).toMatchObject({ requestId: 'req_compress_1' });
  });
});
