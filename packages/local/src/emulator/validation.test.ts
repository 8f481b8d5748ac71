import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from './start-emulator.ts';
import { LONG_CONTEXT, send } from './testing/send.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

const messages = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    role: index % 2 ? 'assistant' : 'user',
    content: `turn ${index}`,
  }));
const generate = {
  context: LONG_CONTEXT,
  query: 'capital?',
  provider: 'openai',
  model: 'gpt-4o-mini',
};

describe('bodies that are not JSON objects', () => {
  it('answers 400 invalid_json for a body that does not parse', async () => {
    const received = await send(emulator, { body: '{"context": "unterminated' });
    expect(received.status).toBe(400);
    expect(received.json.error).toMatchObject({ code: 'invalid_json', field: 'body' });
  });

  it('answers 400 invalid_json for an empty body', async () => {
    expect((await send(emulator, { body: '' })).json.error.code).toBe('invalid_json');
  });

  it('answers 400 invalid_type for a JSON array', async () => {
    const received = await send(emulator, { body: [LONG_CONTEXT] });
    expect(received.json.error).toMatchObject({ code: 'invalid_type', field: 'body' });
  });
});

// Each rule of the contract (spec 2.1, 2.2, 4.1) with the code and field the emulator names.
const cases: [string, '/v1/compress' | '/v1/generate', object, string, string][] = [
  ['context missing', '/v1/compress', { query: 'q' }, 'missing_field', 'context'],
  ['context a number', '/v1/compress', { context: 42 }, 'invalid_type', 'context'],
  [
    'context of 501 messages',
    '/v1/compress',
    { context: messages(501) },
    'too_many_messages',
    'context',
  ],
  [
    'a message without content',
    '/v1/compress',
    { context: [{ role: 'user' }] },
    'missing_field',
    'context.0.content',
  ],
  [
    'a message with a number role',
    '/v1/compress',
    { context: [{ role: 1, content: 'x' }] },
    'invalid_type',
    'context.0.role',
  ],
  [
    'level and mode together',
    '/v1/compress',
    { context: 'x', level: 'low', mode: 'balanced' },
    'level_and_mode_conflict',
    'mode',
  ],
  [
    'an unknown level',
    '/v1/compress',
    { context: 'x', level: 'maximum' },
    'invalid_enum_value',
    'level',
  ],
  ['an unknown mode', '/v1/compress', { context: 'x', mode: 'wild' }, 'invalid_enum_value', 'mode'],
  ['query a number', '/v1/compress', { context: 'x', query: 7 }, 'invalid_type', 'query'],
  [
    'a field outside the contract',
    '/v1/compress',
    { context: 'x', temperature: 1 },
    'unknown_field',
    'temperature',
  ],
  [
    'generate without provider',
    '/v1/generate',
    { context: 'x', model: 'm' },
    'missing_field',
    'provider',
  ],
  [
    'generate without model',
    '/v1/generate',
    { context: 'x', provider: 'openai' },
    'missing_field',
    'model',
  ],
  ['an empty model', '/v1/generate', { ...generate, model: '' }, 'value_out_of_range', 'model'],
  [
    'a provider in capitals',
    '/v1/generate',
    { ...generate, provider: 'OpenAI' },
    'invalid_format',
    'provider',
  ],
  [
    'maxOutputTokens 0',
    '/v1/generate',
    { ...generate, maxOutputTokens: 0 },
    'value_out_of_range',
    'maxOutputTokens',
  ],
  [
    'maxOutputTokens 32769',
    '/v1/generate',
    { ...generate, maxOutputTokens: 32_769 },
    'value_out_of_range',
    'maxOutputTokens',
  ],
  [
    'maxOutputTokens 1.5',
    '/v1/generate',
    { ...generate, maxOutputTokens: 1.5 },
    'invalid_type',
    'maxOutputTokens',
  ],
  [
    'maxOutputTokens a string',
    '/v1/generate',
    { ...generate, maxOutputTokens: '100' },
    'invalid_type',
    'maxOutputTokens',
  ],
  [
    'a provider the contract does not name',
    '/v1/generate',
    { ...generate, provider: 'mistral' },
    'unsupported_provider',
    '',
  ],
];

describe('rules of the contract', () => {
  it.each(cases)('answers 400 for %s', async (_case, path, body, code, field) => {
    const received = await send(emulator, { path, body });
    expect(received.status).toBe(400);
    expect(received.json.error.code).toBe(code);
    if (field) {
      expect(received.json.error.field).toBe(field);
      expect(received.json.error.message).toContain(field.split('.').at(-1));
    } else {
      expect(received.json.error.message).toContain('provider');
    }
  });

  it('accepts the boundaries: 500 messages, maxOutputTokens 1 and 32768', async () => {
    expect((await send(emulator, { body: { context: messages(500) } })).status).toBe(200);
    const low = await send(emulator, {
      path: '/v1/generate',
      body: { ...generate, maxOutputTokens: 1 },
    });
    const high = await send(emulator, {
      path: '/v1/generate',
      body: { ...generate, maxOutputTokens: 32_768 },
    });
    expect([low.status, high.status]).toEqual([200, 200]);
    expect(low.json.usage.provider.outputTokens).toBeLessThanOrEqual(1);
  });

  it('lets a caller fix a rejected body and send it again with the same Idempotency-Key', async () => {
    const idempotencyKey = 'fix-and-resend-0001';
    const rejected = await send(emulator, { idempotencyKey, body: { context: 'x', level: 'top' } });
    const accepted = await send(emulator, { idempotencyKey, body: { context: 'x', level: 'low' } });
    expect(rejected.status).toBe(400);
    expect(accepted.status).toBe(200);
    expect(accepted.headers['idempotent-replayed']).toBeUndefined();
  });

  it('charges nothing for a rejected request', async () => {
    const before = emulator.ledger.usedTokens(emulator.apiKey);
    await send(emulator, { body: { context: LONG_CONTEXT, level: 'low', mode: 'balanced' } });
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(before);
  });
});
