import { type Emulator, startEmulator } from '@ctxopt/local';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONG_CONTEXT } from './testing/send.ts';

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startEmulator({ apiKeys: ['first-key-00001', 'second-key-0002'] });
});
afterEach(() => emulator.close());

/** A compress request whose headers may repeat: undici sends each value of an array as its own line. */
async function sendWith(headers: Record<string, string | string[]>) {
  const response = await request(`${emulator.url}/v1/compress`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer first-key-00001',
      'content-type': 'application/json',
      'idempotency-key': 'operation-0001',
      ...headers,
    },
    body: JSON.stringify({ context: LONG_CONTEXT, query: 'capital of France' }),
  });
  const json = (await response.body.json()) as { error: { code: string; field?: string } };
  return { status: response.statusCode, json };
}

describe('a header of the contract sent twice', () => {
  it('answers 400 duplicate_header for two Idempotency-Keys, and runs nothing', async () => {
    const received = await sendWith({ 'idempotency-key': ['operation-0001', 'operation-0002'] });
    expect(received.status).toBe(400);
    expect(received.json.error).toMatchObject({
      code: 'duplicate_header',
      field: 'Idempotency-Key',
    });
    expect(emulator.ledger.operations('first-key-00001')).toBe(0);
  });

  it('answers 400 duplicate_header for two Authorization headers, whichever key comes first', async () => {
    for (const keys of [
      ['first-key-00001', 'second-key-0002'],
      ['second-key-0002', 'first-key-00001'],
    ]) {
      const received = await sendWith({ authorization: keys.map((key) => `Bearer ${key}`) });
      expect(received.status).toBe(400);
      expect(received.json.error).toMatchObject({
        code: 'duplicate_header',
        field: 'Authorization',
      });
      expect(JSON.stringify(received.json)).not.toMatch(/first-key|second-key/);
    }
    expect(emulator.ledger.operations('first-key-00001')).toBe(0);
    expect(emulator.ledger.operations('second-key-0002')).toBe(0);
  });

  it('answers 400 duplicate_header for two Content-Types', async () => {
    const received = await sendWith({ 'content-type': ['application/json', 'text/plain'] });
    expect(received.status).toBe(400);
    expect(received.json.error).toMatchObject({ code: 'duplicate_header', field: 'Content-Type' });
  });

  it('still accepts each header sent once', async () => {
    expect((await sendWith({})).status).toBe(200);
  });
});
