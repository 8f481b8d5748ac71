import { describe, expect, it } from 'vitest';
import { ContextOptimizerClient } from './client.ts';
import {
  API_KEY,
  BASE_URL,
  compressSuccess,
  fakeService,
  generateSuccess,
  useIsolatedNetwork,
} from './test-support/fake-service.ts';
import { VERSION } from './version.ts';

useIsolatedNetwork();

const client = () => new ContextOptimizerClient({ apiKey: API_KEY, baseURL: BASE_URL });

describe('what the client sends', () => {
  it('posts the compress body as JSON with the contract headers', async () => {
    const service = fakeService('/v1/compress', [{ status: 200, body: compressSuccess() }]);
    await client().compress({
      context: [{ role: 'user', content: 'A long history' }],
      query: 'What happened?',
      level: 'ultra',
    });
    const [request] = service.requests;
    expect(JSON.parse(request!.body)).toEqual({
      context: [{ role: 'user', content: 'A long history' }],
      query: 'What happened?',
      level: 'ultra',
    });
    expect(request!.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(request!.headers['user-agent']).toMatch(new RegExp(`^@ctxopt/core/${VERSION} `));
    expect(request!.headers['idempotency-key']).toMatch(/^ctxopt-[0-9a-f-]{36}$/);
  });

  it('posts generate to /v1/generate without inventing a maxOutputTokens', async () => {
    const service = fakeService('/v1/generate', [{ status: 200, body: generateSuccess() }]);
    const result = await client().generate({
      context: 'Paris is the capital of France.',
      query: 'Capital of France?',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    expect(JSON.parse(service.requests[0]!.body)).toEqual({
      context: 'Paris is the capital of France.',
      query: 'Capital of France?',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    expect(result.data.answer).toBe('Paris.');
    expect(result.usage.provider.totalTokens).toBe(324);
  });

  it('gives each operation its own Idempotency-Key', async () => {
    const service = fakeService('/v1/compress', [
      { status: 200, body: compressSuccess() },
      { status: 200, body: compressSuccess() },
    ]);
    const optimizer = client();
    await optimizer.compress({ context: 'one' });
    await optimizer.compress({ context: 'one' });
    const [first, second] = service.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toBeDefined();
    expect(first).not.toBe(second);
  });

  it("sends the caller's Idempotency-Key as given", async () => {
    const service = fakeService('/v1/compress', [{ status: 200, body: compressSuccess() }]);
    await client().compress({ context: 'one' }, { idempotencyKey: 'order-42-compress' });
    expect(service.requests[0]!.headers['idempotency-key']).toBe('order-42-compress');
  });

  it('adds default headers but never lets them replace the contract headers', async () => {
    const service = fakeService('/v1/compress', [{ status: 200, body: compressSuccess() }]);
    const optimizer = new ContextOptimizerClient({
      apiKey: API_KEY,
      baseURL: `${BASE_URL}/v1/`,
      defaultHeaders: {
        'X-Team': 'search',
        Authorization: 'Bearer other',
        'Idempotency-Key': 'fixed-key-1',
      },
    });
    await optimizer.compress({ context: 'one' });
    expect(service.requests[0]!.headers['x-team']).toBe('search');
    expect(service.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(service.requests[0]!.headers['idempotency-key']).not.toContain('fixed-key-1');
  });

  it('reads the API key and base URL from the environment', async () => {
    const service = fakeService('/v1/compress', [{ status: 200, body: compressSuccess() }]);
    process.env.CTXOPT_API_KEY = 'sk-from-env-000';
    process.env.CTXOPT_BASE_URL = BASE_URL;
    try {
      await new ContextOptimizerClient().compress({ context: 'one' });
    } finally {
      delete process.env.CTXOPT_API_KEY;
      delete process.env.CTXOPT_BASE_URL;
    }
    expect(service.requests[0]!.headers.authorization).toBe('Bearer sk-from-env-000');
  });
});

describe('what the client returns', () => {
  it('accepts unknown fields and compression statuses the contract does not show', async () => {
    fakeService('/v1/compress', [
      {
        status: 200,
        body: compressSuccess({ compression: { status: 'skipped', reason: 'short' }, extra: 1 }),
      },
    ]);
    const result = await client().compress({ context: 'one' });
    expect(result.compression.status).toBe('skipped');
    expect((result as Record<string, unknown>).extra).toBe(1);
    expect(result.usage.monthly.remainingTokens).toBe(998_800);
  });
});
