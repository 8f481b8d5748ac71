import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from './start-emulator.ts';
import { LONG_CONTEXT, send } from './testing/send.ts';

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startEmulator();
});
afterEach(() => emulator.close());

const body = { context: LONG_CONTEXT, query: 'capital of France' };

function expectError(received: Awaited<ReturnType<typeof send>>, status: number, code: string) {
  expect(received.status).toBe(status);
  expect(received.json).toMatchObject({
    success: false,
    error: { code, message: expect.any(String) },
  });
  expect(received.json.requestId).toMatch(/^req_[0-9a-f]{24}$/);
  expect(received.headers['request-id']).toBe(received.json.requestId);
}

describe('routes', () => {
  it('answers 404 not_found in the error shape for an unknown path', async () => {
    const received = await send(emulator, { path: '/v2/compress', body });
    expectError(received, 404, 'not_found');
  });

  it('answers 405 method_not_allowed with Allow: POST for GET on a route', async () => {
    const received = await send(emulator, { method: 'GET', path: '/v1/generate' });
    expectError(received, 405, 'method_not_allowed');
    expect(received.headers.allow).toBe('POST');
  });

  it('gives every answer its own requestId, success included', async () => {
    const first = await send(emulator, { body });
    const second = await send(emulator, { body });
    expect(first.status).toBe(200);
    expect(first.headers['request-id']).toBe(first.json.requestId);
    expect(second.json.requestId).not.toBe(first.json.requestId);
  });
});

describe('authentication', () => {
  it('answers 401 missing_api_key without an Authorization header', async () => {
    const received = await send(emulator, { apiKey: null, body });
    expectError(received, 401, 'missing_api_key');
    expect(received.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 missing_api_key for a scheme other than Bearer', async () => {
    const received = await send(emulator, {
      apiKey: null,
      headers: { authorization: `Basic ${emulator.apiKey}` },
      body,
    });
    expectError(received, 401, 'missing_api_key');
  });

  it('answers 401 invalid_api_key for a wrong key and never echoes it', async () => {
    // A different last character: a generated key may already end in the one chosen.
    const last = emulator.apiKey.endsWith('x') ? 'y' : 'x';
    const wrong = `${emulator.apiKey.slice(0, -1)}${last}`;
    const received = await send(emulator, { apiKey: wrong, body });
    expectError(received, 401, 'invalid_api_key');
    expect(received.text).not.toContain(wrong);
    expect(emulator.ledger.operations(wrong)).toBe(0);
  });

  it('accepts each configured key and keeps their quotas apart', async () => {
    const two = await startEmulator({ apiKeys: ['key-one-0001', 'key-two-0002'] });
    try {
      const first = await send({ url: two.url, apiKey: 'key-one-0001' }, { body });
      const second = await send({ url: two.url, apiKey: 'key-two-0002' }, { body });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(two.ledger.usedTokens('key-one-0001')).toBe(first.json.usage.request.inputTokens);
      expect(second.json.usage.monthly.usedTokens).toBe(second.json.usage.request.inputTokens);
    } finally {
      await two.close();
    }
  });
});

describe('headers of the contract', () => {
  it('answers 415 unsupported_media_type for a body that is not declared JSON', async () => {
    const received = await send(emulator, {
      contentType: 'text/plain',
      body: JSON.stringify(body),
    });
    expectError(received, 415, 'unsupported_media_type');
    expect(received.json.error.field).toBe('Content-Type');
  });

  it('accepts application/json with a charset', async () => {
    const received = await send(emulator, { contentType: 'application/json; charset=utf-8', body });
    expect(received.status).toBe(200);
  });

  it('answers 400 missing_idempotency_key without the header', async () => {
    const received = await send(emulator, { idempotencyKey: null, body });
    expectError(received, 400, 'missing_idempotency_key');
    expect(received.json.error.message).toContain('Idempotency-Key');
  });

  it.each([
    ['shorter than 8 characters', 'seven77'],
    ['longer than 120 characters', 'k'.repeat(121)],
  ])('answers 400 invalid_idempotency_key for a key %s', async (_case, key) => {
    const received = await send(emulator, { idempotencyKey: key, body });
    expectError(received, 400, 'invalid_idempotency_key');
    expect(received.json.error.field).toBe('Idempotency-Key');
  });

  it('accepts keys of exactly 8 and 120 characters', async () => {
    expect((await send(emulator, { idempotencyKey: 'k'.repeat(8), body })).status).toBe(200);
    expect((await send(emulator, { idempotencyKey: 'k'.repeat(120), body })).status).toBe(200);
  });
});

describe('options', () => {
  it('refuse an API key that could never be sent as a Bearer token', async () => {
    await expect(startEmulator({ apiKeys: ['good-key-1234', ''] })).rejects.toThrow(
      'apiKeys[1] must be a non-empty string without spaces.',
    );
  });

  it('listen on 127.0.0.1 and a free port by default', () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.port).toBeGreaterThan(0);
  });
});
