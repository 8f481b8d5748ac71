import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { ContextOptimizerClient } from '@ctxopt/core';
import { type Emulator, startEmulator } from '@ctxopt/local';
import { afterEach, describe, expect, it } from 'vitest';

const LIMIT = 64 * 1024;
let emulator: Emulator;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await emulator?.close();
});

function open(url: string): Promise<Socket> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  return once(socket, 'connect').then(() => socket);
}

function head(emulator: Emulator, extra: string): string {
  return (
    'POST /v1/compress HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
    `Authorization: Bearer ${emulator.apiKey}\r\nIdempotency-Key: large-body-0001\r\n` +
    `Content-Type: application/json\r\n${extra}\r\n`
  );
}

/** Collects what the server writes until it closes the socket or `until` matches. */
function readUntil(socket: Socket, until: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (until.test(text)) resolve(text);
    });
    socket.on('close', () => resolve(text));
  });
}

describe('oversized bodies', () => {
  it('are refused with 413 from the declared Content-Length, before any body is sent', async () => {
    emulator = await startEmulator({ maxBodyBytes: LIMIT });
    const socket = await open(emulator.url);
    const answer = readUntil(socket, /\r\n\r\n[\s\S]*\}/);
    socket.write(head(emulator, `Content-Length: ${50 * 1024 * 1024}\r\n`));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('"code":"payload_too_large"');
  });

  it('are cut off at the limit when streamed without a length, not read to the end', async () => {
    emulator = await startEmulator({ maxBodyBytes: LIMIT });
    const socket = await open(emulator.url);
    let answered = false;
    const answer = readUntil(socket, /\r\n\r\n[\s\S]*\}/).then((text) => {
      answered = true;
      return text;
    });
    socket.write(head(emulator, 'Transfer-Encoding: chunked\r\n'));
    const chunk = 'x'.repeat(8 * 1024);
    let sent = 0;
    // Offer up to 8 MiB, one chunk at a time, and stop as soon as the server has answered.
    while (!answered && sent < 8 * 1024 * 1024 && !socket.destroyed) {
      socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      sent += chunk.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(LIMIT * 4);
  });
});

describe('slow clients', () => {
  it('are dropped after the header timeout while other callers are served', async () => {
    emulator = await startEmulator({ headersTimeoutMs: 1000 });
    const client = new ContextOptimizerClient({ apiKey: emulator.apiKey, baseURL: emulator.url });
    // Warm the engine first: loading the tokenizer blocks the event loop once.
    await client.compress({ context: 'warm up' });
    // Twenty connections that start a request and never finish its headers.
    const stalled = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const socket = await open(emulator.url);
        socket.write('POST /v1/compress HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        // Read what the server sends (its 408), so its closing of the socket is seen.
        socket.resume();
        return socket;
      }),
    );
    const closed = Promise.all(stalled.map((socket) => once(socket, 'close')));
    const served = await Promise.all(
      Array.from({ length: 10 }, (_, index) => client.compress({ context: `call ${index}` })),
    );
    expect(served.every((response) => response.success)).toBe(true);
    const started = performance.now();
    await closed;
    // Node checks header timeouts on an interval, so allow it a few of its ticks.
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});
