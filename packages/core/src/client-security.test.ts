import { describe, expect, it } from 'vitest';
import { ContextOptimizerClient } from './client.ts';
import { ContextOptimizerError } from './errors.ts';
import { capturingLogger } from './test-support/capturing-logger.ts';
import {
  API_KEY,
  BASE_URL,
  compressSuccess,
  errorBody,
  fakeService,
  useIsolatedNetwork,
} from './test-support/fake-service.ts';

useIsolatedNetwork();

describe('the API key stays secret', () => {
  it('never appears in errors, their JSON, or log lines', async () => {
    fakeService('/v1/compress', [
      {
        status: 401,
        body: errorBody('invalid_api_key', 'The key is not valid.', 'req_401'),
        headers: { 'www-authenticate': 'Bearer', 'set-cookie': 'session=secret' },
      },
    ]);
    const { logger, lines } = capturingLogger();
    const client = new ContextOptimizerClient({
      apiKey: API_KEY,
      baseURL: BASE_URL,
      logger,
      logLevel: 'debug',
    });
    const error = await client.compress({ context: 'x' }).catch((caught: unknown) => caught);
    const views = [
      String(error),
      (error as Error).stack ?? '',
      JSON.stringify(error),
      JSON.stringify(client),
      ...lines,
    ];
    for (const view of views) expect(view).not.toContain(API_KEY);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ status: 401, requestId: 'req_401' });
    expect((error as { headers: Record<string, string> }).headers['set-cookie']).toBe('***');
  });

  it('logs one line per attempt with status, attempt, duration and requestId', async () => {
    fakeService('/v1/compress', [
      { status: 503, body: errorBody('unavailable', 'Later.', 'req_a') },
      { status: 200, body: compressSuccess() },
    ]);
    const { logger, lines } = capturingLogger();
    const client = new ContextOptimizerClient({
      apiKey: API_KEY,
      baseURL: BASE_URL,
      logger,
      logLevel: 'info',
      sleep: async () => {},
    });
    await client.compress({ context: 'x' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^ctxopt POST \/v1\/compress .*"attempt":1.*"status":503.*"requestId":"req_a"/,
    );
    expect(lines[1]).toMatch(
      /"attempt":2,"durationMs":\d+,"status":200,"requestId":"req_compress_1"/,
    );
  });

  it('logs nothing unless a level is set', async () => {
    fakeService('/v1/compress', [{ status: 200, body: compressSuccess() }]);
    const { logger, lines } = capturingLogger();
    await new ContextOptimizerClient({ apiKey: API_KEY, baseURL: BASE_URL, logger }).compress({
      context: 'x',
    });
    expect(lines).toEqual([]);
  });
});

describe('construction', () => {
  it('names CTXOPT_API_KEY when the key is missing', () => {
    expect(() => new ContextOptimizerClient({ baseURL: BASE_URL })).toThrow(/CTXOPT_API_KEY/);
  });

  it('names CTXOPT_BASE_URL when the base URL is missing', () => {
    expect(() => new ContextOptimizerClient({ apiKey: API_KEY })).toThrow(/CTXOPT_BASE_URL/);
  });

  it('refuses a browser-like runtime unless dangerouslyAllowBrowser is set', () => {
    const scope = globalThis as Record<string, unknown>;
    scope.window = {};
    scope.document = {};
    try {
      const attempt = () => new ContextOptimizerClient({ apiKey: API_KEY, baseURL: BASE_URL });
      expect(attempt).toThrow(ContextOptimizerError);
      expect(attempt).toThrow(/server-side secret/);
      expect(
        () =>
          new ContextOptimizerClient({
            apiKey: API_KEY,
            baseURL: BASE_URL,
            dangerouslyAllowBrowser: true,
          }),
      ).not.toThrow();
    } finally {
      delete scope.window;
      delete scope.document;
    }
  });
});
