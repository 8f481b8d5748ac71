// Error classes, isInstance across the ESM and CommonJS copies, and the consumers of error
// identity: isRetryableError, summarizeError and the client's retries.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const init = { code: 'overloaded', requestId: 'req_packed', headers: {} };

function assertIdentity(core, error, className) {
  assert.equal(core[className].isInstance(error), true, `${className}.isInstance`);
  assert.equal(core.APIError.isInstance(error), true, 'APIError.isInstance');
  assert.equal(core.ContextOptimizerError.isInstance(error), true);
  assert.equal(core.RateLimitError.isInstance(error), className === 'RateLimitError');
}

export async function check(load) {
  const core = await load('@ctxopt/core');
  const { APIError, isRetryableError, summarizeError } = core;
  const statuses = {
    400: 'BadRequestError',
    401: 'AuthenticationError',
    403: 'PermissionDeniedError',
    404: 'NotFoundError',
    409: 'IdempotencyConflictError',
    422: 'UnprocessableEntityError',
    429: 'RateLimitError',
    503: 'InternalServerError',
  };
  for (const [status, className] of Object.entries(statuses)) {
    const error = APIError.generate(Number(status), 'failed', init);
    assert.equal(error.name, className);
    assert.equal(error instanceof core[className], true);
    assertIdentity(core, error, className);
  }
  const overloaded = APIError.generate(503, 'overloaded', init);
  assert.equal(isRetryableError(overloaded), true);
  assert.deepEqual(summarizeError(overloaded), {
    name: 'InternalServerError',
    message: 'overloaded',
    status: 503,
    code: 'overloaded',
    requestId: 'req_packed',
  });

  // Two copies in one process: the ESM and the CommonJS build are different classes, and
  // each recognises the other's errors.
  const require = createRequire(import.meta.url);
  const copies = [await import('@ctxopt/core'), require('@ctxopt/core')];
  assert.notEqual(copies[0].APIError, copies[1].APIError);
  for (const [maker, reader] of [copies, [...copies].reverse()]) {
    const error = maker.APIError.generate(429, 'slow down', init);
    assertIdentity(reader, error, 'RateLimitError');
    assert.equal(reader.isRetryableError(maker.APIError.generate(502, 'bad gateway', init)), true);
    assert.equal(reader.summarizeError(error).status, 429);
  }

  // The client retries a 503 with the same Idempotency-Key and gives up on a 409.
  const { startEmulator } = await load('@ctxopt/local');
  const emulator = await startEmulator();
  try {
    const client = new core.ContextOptimizerClient({
      baseURL: emulator.url,
      apiKey: emulator.apiKey,
    });
    emulator.faults.failNext(1, { status: 503 });
    const result = await client.compress({ context: 'Refunds take 14 days. '.repeat(20) });
    assert.equal(result.success, true);
    const attempts = emulator.requests.map((request) => [request.status, request.idempotencyKey]);
    assert.equal(attempts.length, 2);
    assert.deepEqual(
      attempts.map(([status]) => status),
      [503, 200],
    );
    assert.equal(attempts[0][1], attempts[1][1]);

    const key = 'packed-conflict-key';
    await client.compress({ context: 'first body' }, { idempotencyKey: key });
    const conflict = await client
      .compress({ context: 'second body' }, { idempotencyKey: key })
      .catch((error) => error);
    assert.equal(core.IdempotencyConflictError.isInstance(conflict), true);
    assert.equal(conflict.status, 409);
    assert.equal(emulator.requests.length, 4, 'a 409 is never retried');

    const invalid = await client
      .compress({ context: 'x', level: 'low', mode: 'balanced' })
      .catch((e) => e);
    assert.equal(core.RequestValidationError.isInstance(invalid), true);
  } finally {
    await emulator.close();
  }
}
