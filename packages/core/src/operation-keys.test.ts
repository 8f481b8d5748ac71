import {
  APIConnectionTimeoutError,
  BadRequestError,
  InternalServerError,
  OperationKeys,
} from '@ctxopt/core';
import { describe, expect, it } from 'vitest';

const body = JSON.stringify({ context: 'ctx', query: 'q', provider: 'openai', model: 'gpt-4o' });
const unavailable = () =>
  new InternalServerError('503', {
    status: 503,
    code: undefined,
    requestId: undefined,
    headers: {},
  });

describe('OperationKeys', () => {
  it('gives every attempt of one call the same key after a retryable failure', () => {
    const keys = new OperationKeys();
    const call: object = [];
    const first = keys.keyFor(call, body);
    keys.settled(body, first, new APIConnectionTimeoutError('late'));
    const second = keys.keyFor(call, body);
    keys.settled(body, second, unavailable());
    expect(keys.keyFor(call, body)).toBe(first);
    expect(second).toBe(first);
  });

  it('continues a call whose retry comes with new objects but the same body', () => {
    const keys = new OperationKeys();
    const first = keys.keyFor([], body);
    keys.settled(body, first, unavailable());
    expect(keys.keyFor([], body)).toBe(first);
    // Taken once: a later identical call is a new operation.
    expect(keys.keyFor([], body)).not.toBe(first);
  });

  it('gives separate identical calls keys of their own', () => {
    const keys = new OperationKeys();
    const first = keys.keyFor([], body);
    keys.settled(body, first);
    const second = keys.keyFor([], body);
    expect(second).not.toBe(first);
    expect(first).toMatch(/^ctxopt-[0-9a-f-]{36}$/);
  });

  it('leaves no key waiting after a failure that is not retried', () => {
    const keys = new OperationKeys();
    const first = keys.keyFor([], body);
    keys.settled(
      body,
      first,
      new BadRequestError('400', { status: 400, code: 'x', requestId: undefined, headers: {} }),
    );
    expect(keys.keyFor([], body)).not.toBe(first);
  });

  it('hands a waiting key to one call only: the call it was taken from starts anew', () => {
    const keys = new OperationKeys();
    const callA: object = [];
    const keyA = keys.keyFor(callA, body);
    keys.settled(body, keyA, unavailable());
    const keyB = keys.keyFor([], body);
    expect(keyB).toBe(keyA);
    const retryOfA = keys.keyFor(callA, body);
    expect(retryOfA).not.toBe(keyA);
  });

  it('forgets a waiting key after five minutes', () => {
    let now = 0;
    const keys = new OperationKeys({ now: () => now });
    const first = keys.keyFor([], body);
    keys.settled(body, first, unavailable());
    now += 5 * 60_000 + 1;
    expect(keys.keyFor([], body)).not.toBe(first);
  });
});
