import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ContextOptimizerClient } from './client.ts';
import { RequestValidationError } from './errors.ts';
import {
  API_KEY,
  BASE_URL,
  compressSuccess,
  fakeService,
  generateSuccess,
  useIsolatedNetwork,
} from './test-support/fake-service.ts';

useIsolatedNetwork();

const client = () => new ContextOptimizerClient({ apiKey: API_KEY, baseURL: BASE_URL });
const messages = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ role: 'user', content: `message ${index}` }));
const generateBase = { context: 'ctx', provider: 'openai', model: 'gpt-4o-mini' };

/** Runs a call that must be refused before any I/O, and returns the error. */
async function refused(call: (optimizer: ContextOptimizerClient) => Promise<unknown>) {
  const compress = fakeService('/v1/compress', [{ status: 200, body: compressSuccess() }]);
  const generate = fakeService('/v1/generate', [{ status: 200, body: generateSuccess() }]);
  const error = await call(client()).catch((caught: unknown) => caught);
  expect(compress.requests).toHaveLength(0);
  expect(generate.requests).toHaveLength(0);
  expect(RequestValidationError.isInstance(error)).toBe(true);
  nock.cleanAll();
  return error as RequestValidationError;
}

async function accepted(call: (optimizer: ContextOptimizerClient) => Promise<unknown>) {
  const compress = fakeService('/v1/compress', [{ status: 200, body: compressSuccess() }]);
  const generate = fakeService('/v1/generate', [{ status: 200, body: generateSuccess() }]);
  await call(client());
  expect(compress.requests.length + generate.requests.length).toBe(1);
  nock.cleanAll();
}

describe('contract rules checked before any I/O', () => {
  it('accepts 500 messages and refuses 501', async () => {
    await accepted((optimizer) => optimizer.compress({ context: messages(500) }));
    const error = await refused((optimizer) => optimizer.compress({ context: messages(501) }));
    expect(error.issues).toEqual([
      { field: 'context', rule: 'too_many_messages', message: 'must hold at most 500 messages' },
    ]);
    expect(error.message).toBe('Invalid compress request: context must hold at most 500 messages');
  });

  it('requires context, as a string or {role, content} messages', async () => {
    expect((await refused((o) => o.compress({} as never))).issues[0]).toMatchObject({
      field: 'context',
      rule: 'required',
    });
    expect((await refused((o) => o.compress({ context: 42 } as never))).field).toBe('context');
    const badRole = await refused((o) =>
      o.compress({ context: [{ role: 1, content: 'x' }] } as never),
    );
    expect(badRole.issues[0]).toMatchObject({ field: 'context.0.role', rule: 'invalid_type' });
    const extra = await refused((o) =>
      o.compress({ context: [{ role: 'user', content: 'x', name: 'n' }] } as never),
    );
    expect(extra.issues[0]).toMatchObject({ field: 'context.0.name', rule: 'unknown_field' });
  });

  it('refuses level and mode together, naming both rules', async () => {
    const error = await refused((o) =>
      // @ts-expect-error level and mode together: the run-time check is what is tested
      o.compress({ context: 'x', level: 'ultra', mode: 'aggressive' }),
    );
    expect(error.issues[0]).toMatchObject({ field: 'mode', rule: 'level_and_mode' });
    expect(error.message).toContain('must not be sent together with level');
  });

  it('refuses values outside the enums', async () => {
    const level = await refused((o) => o.compress({ context: 'x', level: 'max' as never }));
    expect(level.issues[0]).toMatchObject({ field: 'level', rule: 'invalid_enum' });
    expect(level.message).toContain('low, standard, ultra, auto');
    const mode = await refused((o) => o.compress({ context: 'x', mode: 'fast' as never }));
    expect(mode.issues[0]).toMatchObject({ field: 'mode', rule: 'invalid_enum' });
  });

  it('refuses a query that is not a string', async () => {
    const error = await refused((o) => o.compress({ context: 'x', query: 7 as never }));
    expect(error.issues[0]).toMatchObject({ field: 'query', rule: 'invalid_type' });
  });

  it('refuses unknown fields so a typo is never sent', async () => {
    const error = await refused((o) => o.compress({ context: 'x', levl: 'ultra' } as never));
    expect(error.issues[0]).toEqual({
      field: 'levl',
      rule: 'unknown_field',
      message: 'is not a field of the contract',
    });
  });

  it.each([1, 32768])('accepts maxOutputTokens %i', async (maxOutputTokens) => {
    await accepted((o) => o.generate({ ...generateBase, maxOutputTokens }));
  });

  it.each([0, 32769, 1.5])('refuses maxOutputTokens %s', async (maxOutputTokens) => {
    const error = await refused((o) => o.generate({ ...generateBase, maxOutputTokens }));
    expect(error.issues[0]).toMatchObject({ field: 'maxOutputTokens' });
  });

  it('requires a lower-case provider and a non-empty model', async () => {
    const upper = await refused((o) => o.generate({ ...generateBase, provider: 'OpenAI' }));
    expect(upper.issues[0]).toMatchObject({ field: 'provider', rule: 'invalid_format' });
    const empty = await refused((o) => o.generate({ ...generateBase, model: '' }));
    expect(empty.issues[0]).toMatchObject({ field: 'model', rule: 'out_of_range' });
    const missing = await refused((o) => o.generate({ context: 'x' } as never));
    expect(missing.issues.map((issue) => issue.field).sort()).toEqual(['model', 'provider']);
    await accepted((o) => o.generate({ ...generateBase, provider: 'mistral' }));
  });

  it.each([8, 120])('accepts an Idempotency-Key of %i characters', async (length) => {
    await accepted((o) => o.compress({ context: 'x' }, { idempotencyKey: 'k'.repeat(length) }));
  });

  it.each([7, 121])('refuses an Idempotency-Key of %i characters', async (length) => {
    const error = await refused((o) =>
      o.compress({ context: 'x' }, { idempotencyKey: 'k'.repeat(length) }),
    );
    expect(error.issues[0]).toMatchObject({ field: 'idempotencyKey', rule: 'out_of_range' });
  });

  it('refuses a body that is not an object', async () => {
    const error = await refused((o) => o.compress(null as never));
    expect(error.field).toBe('body');
  });
});
