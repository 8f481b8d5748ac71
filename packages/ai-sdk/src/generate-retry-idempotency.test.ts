import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createContextOptimizer } from '@ctxopt/ai-sdk';
import { type Emulator, startEmulator } from '@ctxopt/local';
import { generateText, streamText } from 'ai';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatMessages, SYSTEM } from './test-support/conversation.ts';

interface WireRequest {
  idempotencyKey: string;
  body: string;
}

/** A loopback proxy in front of the emulator that records what each attempt put on the wire. */
async function startRecordingProxy(target: string) {
  const seen: WireRequest[] = [];
  const server: Server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    seen.push({
      idempotencyKey: String(incoming.headers['idempotency-key']),
      body: body.toString('utf8'),
    });
    try {
      const forwarded = await request(`${target}${incoming.url}`, {
        method: 'POST',
        headers: {
          authorization: String(incoming.headers.authorization),
          'content-type': 'application/json',
          'idempotency-key': String(incoming.headers['idempotency-key']),
        },
        body,
      });
      const answer = Buffer.from(await forwarded.body.arrayBuffer());
      if (response.destroyed) return;
      response.writeHead(forwarded.statusCode, {
        'content-type': 'application/json',
        ...(forwarded.headers['retry-after']
          ? { 'retry-after': String(forwarded.headers['retry-after']) }
          : {}),
      });
      response.end(answer);
    } catch {
      response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let emulator: Emulator;
let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
beforeEach(async () => {
  emulator = await startEmulator();
  proxy = await startRecordingProxy(emulator.url);
});
afterEach(async () => {
  await proxy.close();
  await emulator.close();
});

const charged = () => emulator.ledger.operations(emulator.apiKey);

describe('a /v1/generate call retried by the AI SDK', () => {
  it('sends the same key and body on every attempt after a timeout, and is charged once', async () => {
    // The first attempt is processed and stored, but answered after the client gave up.
    emulator.faults.delayNext(1, 4_000);
    const ctxopt = createContextOptimizer({
      apiKey: emulator.apiKey,
      baseURL: proxy.url,
      timeout: 1_000,
    });
    const result = await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      instructions: SYSTEM,
      messages: chatMessages(),
      maxRetries: 2,
    });

    expect(result.text).not.toBe('');
    expect(proxy.seen).toHaveLength(2);
    const [first, retry] = proxy.seen;
    expect(retry!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(retry!.body).toBe(first!.body);
    expect(emulator.requests.at(-1)).toMatchObject({ status: 200, replayed: true });
    expect(charged()).toBe(1);
  });

  it('sends the same key and body after a 503, for generateText and streamText alike', async () => {
    const ctxopt = createContextOptimizer({ apiKey: emulator.apiKey, baseURL: proxy.url });
    emulator.faults.failNext(1, { status: 503, headers: { 'retry-after': '0' } });
    await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      instructions: SYSTEM,
      messages: chatMessages(),
      maxRetries: 2,
    });
    emulator.faults.failNext(1, { status: 503, headers: { 'retry-after': '0' } });
    const stream = streamText({
      model: ctxopt('openai:gpt-4o-mini'),
      instructions: SYSTEM,
      messages: chatMessages(),
      maxRetries: 2,
    });
    await stream.text;

    expect(proxy.seen).toHaveLength(4);
    const [first, firstRetry, second, secondRetry] = proxy.seen;
    expect(firstRetry).toEqual(first);
    expect(secondRetry).toEqual(second);
    // Two logical calls, identical bodies: two operations, each charged once.
    expect(second!.body).toBe(first!.body);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(charged()).toBe(2);
  });

  it('gives two separate identical calls keys of their own', async () => {
    const ctxopt = createContextOptimizer({ apiKey: emulator.apiKey, baseURL: proxy.url });
    const call = () =>
      generateText({
        model: ctxopt('openai:gpt-4o-mini'),
        instructions: SYSTEM,
        messages: chatMessages(),
      });
    await Promise.all([call(), call()]);
    await call();
    const keys = proxy.seen.map((seen) => seen.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    expect(charged()).toBe(3);
  });
});
