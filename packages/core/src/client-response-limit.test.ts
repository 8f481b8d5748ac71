import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContextOptimizerClient, ResponseValidationError } from '@ctxopt/core';
import { afterEach, describe, expect, it } from 'vitest';

const MiB = 1024 * 1024;
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** What the server managed to send, and whether the client hung up on it. */
interface Sent {
  bytes: number;
  closed: Promise<void>;
}

/** Writes 64 KiB chunks for as long as the socket takes them, and never ends. */
function streamForever(response: ServerResponse, sent: Sent & { onClose?: () => void }) {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const pump = () => {
    while (!response.destroyed) {
      sent.bytes += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

/** A real server on 127.0.0.1 whose every answer is `status` with a body that never ends. */
async function startEndlessServer(status: number, headers: Record<string, string> = {}) {
  let resolveClosed!: () => void;
  const sent: Sent = { bytes: 0, closed: new Promise((resolve) => (resolveClosed = resolve)) };
  const server = createServer((request, response) => {
    request.resume();
    response.on('close', resolveClosed);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    streamForever(response, sent);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent };
}

async function startServer(status: number, body: string, headers: Record<string, string> = {}) {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const client = (baseURL: string, maxResponseBytes?: number) =>
  new ContextOptimizerClient({
    apiKey: 'sk-test-key-limit',
    baseURL,
    // Far longer than the test may take: the call must end on the size, not on a timeout.
    timeout: 120_000,
    ...(maxResponseBytes === undefined ? {} : { maxResponseBytes }),
  });

describe('the response size limit', () => {
  it('fails an endless 200 body with ResponseValidationError and closes the connection, without buffering it', async () => {
    const server = await startEndlessServer(200);
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const error = await client(server.url, MiB)
      .compress({ context: 'Some context.' })
      .catch((caught: unknown) => caught);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 200 });
    expect((error as Error).message).toContain('maxResponseBytes (1048576 bytes)');
    await server.sent.closed;
    // What the server could push before the client hung up: the limit plus socket buffers.
    expect(server.sent.bytes).toBeLessThan(64 * MiB);
    const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    expect(heapAfter - heapBefore).toBeLessThan(64 * MiB);
  });

  it('applies the default limit of 16 MiB when none is given, and says so on the client', async () => {
    const server = await startEndlessServer(200);
    const defaultClient = client(server.url);
    expect(defaultClient.maxResponseBytes).toBe(16 * MiB);
    const error = await defaultClient
      .compress({ context: 'Some context.' })
      .catch((caught: unknown) => caught);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    await server.sent.closed;
    expect(server.sent.bytes).toBeLessThan(16 * MiB + 64 * MiB);
  });

  it('fails an endless error body the same way, once: it is not retried', async () => {
    const server = await startEndlessServer(503, { 'request-id': 'req_endless' });
    const error = await client(server.url, MiB)
      .generate({ context: 'c', query: 'q', provider: 'openai', model: 'gpt-4o-mini' })
      .catch((caught: unknown) => caught);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, requestId: 'req_endless' });
  });

  it('refuses a declared Content-Length above the limit before reading the body', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(2048) });
    const url = await startServer(200, body);
    const error = await client(url, 1024)
      .compress({ context: 'Some context.' })
      .catch((caught: unknown) => caught);
    expect(ResponseValidationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('larger than maxResponseBytes (1024 bytes)');
  });

  it('reads a body of exactly the limit', async () => {
    const success = {
      success: true,
      requestId: 'req_exact',
      data: { compressed: 'short' },
      compression: { status: 'compressed' },
      usage: {
        request: { inputTokens: 9, compressedTokens: 1, savedTokens: 8, reductionPct: 88.9 },
        monthly: { limitTokens: 1, usedTokens: 1, remainingTokens: 0, resetsAt: 'x' },
      },
    };
    const body = JSON.stringify(success);
    const url = await startServer(200, body);
    const result = await client(url, Buffer.byteLength(body)).compress({ context: 'c' });
    expect(result.requestId).toBe('req_exact');
  });

  it('refuses a limit that is not a positive integer, naming the option', () => {
    expect(() => client('http://127.0.0.1:1', 0)).toThrow(/maxResponseBytes must be an integer/);
  });
});
