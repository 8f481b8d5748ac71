import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContextOptimizerClient, type Logger } from '@ctxopt/core';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulatorProcess } from './cli-process.ts';

const API_KEY = 'sk-ctxopt-secret-5f2c9a71e0';
const WRONG_KEY = 'sk-ctxopt-wrong-77aa31bc09';
const PROVIDER_KEY = 'sk-provider-secret-0c1d2e3f';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A provider that misbehaves as badly as it can: it echoes the key it was sent in its error. */
async function startEchoingProvider() {
  const server = createServer((incoming, response) => {
    incoming.resume();
    incoming.on('end', () => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { message: `Incorrect API key ${incoming.headers.authorization}` },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A provider (or a proxy) that puts the key it received where an identifier goes: the
 * error's `code` on the first call, then a 200 whose answer text quotes the key.
 */
async function startKeyEchoingProvider() {
  let calls = 0;
  const server = createServer((incoming, response) => {
    incoming.resume();
    incoming.on('end', () => {
      const key = (incoming.headers.authorization ?? '').replace(/^Bearer /, '');
      calls++;
      response.writeHead(calls === 1 ? 401 : 200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          calls === 1
            ? { error: { code: key, type: key, message: 'no' } }
            : {
                choices: [{ message: { role: 'assistant', content: `Your key is ${key}.` } }],
                usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
              },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('keys never leak', () => {
  it('from a provider that echoes its key as an error code or in its answer', async () => {
    const providerURL = await startKeyEchoingProvider();
    const emulator = await startEmulatorProcess(['--api-key', API_KEY], {
      CTXOPT_OPENAI_API_KEY: PROVIDER_KEY,
      CTXOPT_OPENAI_BASE_URL: providerURL,
    });
    cleanups.push(() => emulator.stop());
    const answers: string[] = [];
    for (const key of ['echo-generate-0001', 'echo-generate-0002']) {
      const raw = await request(`${emulator.url}/v1/generate`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${API_KEY}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ context: 'ctx', query: 'q', provider: 'openai', model: 'gpt-4o' }),
      });
      answers.push(`${raw.statusCode} ${JSON.stringify(raw.headers)} ${await raw.body.text()}`);
    }
    expect(answers[0]).toMatch(/^502 .*provider_error/);
    expect(answers[1]).toMatch(/^200 .*Your key is \*\*\*\./);
    await emulator.stop();
    const { stdout, stderr } = emulator.output();
    for (const text of [...answers, stdout, stderr]) expect(text).not.toContain(PROVIDER_KEY);
  });

  it('through client errors, client logs, emulator answers or emulator logs', async () => {
    const providerURL = await startEchoingProvider();
    const emulator = await startEmulatorProcess(['--api-key', API_KEY], {
      CTXOPT_OPENAI_API_KEY: PROVIDER_KEY,
      CTXOPT_OPENAI_BASE_URL: providerURL,
    });
    cleanups.push(() => emulator.stop());

    const logged: string[] = [];
    const record = (message: string, fields?: Record<string, unknown>) => {
      logged.push(`${message} ${JSON.stringify(fields)}`);
    };
    const logger: Logger = { error: record, warn: record, info: record, debug: record };
    const client = (apiKey: string) =>
      new ContextOptimizerClient({
        apiKey,
        baseURL: emulator.url,
        logger,
        logLevel: 'debug',
        maxRetries: 0,
      });

    const seen: string[] = [];
    const keep = (value: unknown) => {
      seen.push(String(value), JSON.stringify(value), (value as Error)?.stack ?? '');
      return value;
    };
    // A good call, a wrong key, and a provider that fails with the provider key in its body.
    keep(await client(API_KEY).compress({ context: 'Some context to compress.' }));
    const wrong = keep(await client(WRONG_KEY).compress({ context: 'x' }).catch(keep));
    expect(wrong).toMatchObject({ status: 401 });
    const generate = { context: 'ctx', query: 'q', provider: 'openai', model: 'gpt-4o-mini' };
    const failed = keep(await client(API_KEY).generate(generate).catch(keep));
    expect(failed).toMatchObject({ status: 502, code: 'provider_error' });
    const raw = await request(`${emulator.url}/v1/generate`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${API_KEY}`,
        'content-type': 'application/json',
        'idempotency-key': 'raw-generate-0001',
      },
      body: JSON.stringify(generate),
    });
    seen.push(JSON.stringify(raw.headers), await raw.body.text());

    await emulator.stop();
    const { stdout, stderr } = emulator.output();
    // The emulator logged one line per request, each with its requestId.
    expect(stdout.match(/ req_[\w-]+ POST \/v1\//g)?.length).toBe(4);
    const everything = [...seen, ...logged, stdout, stderr].join('\n');
    for (const secret of [API_KEY, WRONG_KEY, PROVIDER_KEY]) {
      expect(everything).not.toContain(secret);
    }
  });
});
