import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from './start-emulator.ts';
import { send } from './testing/send.ts';

let emulator: Emulator | undefined;
afterEach(() => emulator?.close());

const LIMIT = 4096;

describe('the body size limit', () => {
  it('answers 413 payload_too_large from Content-Length before reading the body', async () => {
    emulator = await startEmulator({ maxBodyBytes: LIMIT });
    const received = await send(emulator, { body: { context: 'x'.repeat(LIMIT) } });
    expect(received.status).toBe(413);
    expect(received.json.error.code).toBe('payload_too_large');
    expect(received.headers.connection).toBe('close');
    expect(received.headers['request-id']).toBe(received.json.requestId);
  });

  it('accepts a body of exactly the limit', async () => {
    emulator = await startEmulator({ maxBodyBytes: LIMIT });
    const body = JSON.stringify({ context: 'y'.repeat(LIMIT - 14) });
    expect(Buffer.byteLength(body)).toBe(LIMIT);
    expect((await send(emulator, { body })).status).toBe(200);
  });

  it('answers 413 as soon as a chunked body passes the limit, while the client is still sending', async () => {
    emulator = await startEmulator({ maxBodyBytes: LIMIT });
    const url = new URL('/v1/compress', emulator.url);
    let written = 0;
    const status = await new Promise<{ status: number; body: string; written: number }>(
      (resolve, reject) => {
        const outgoing = httpRequest(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${emulator!.apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': 'stream-413-0001',
          },
        });
        // No Content-Length: the body streams in 1 KiB chunks and never ends on its own.
        const timer = setInterval(() => {
          outgoing.write('x'.repeat(1024));
          written += 1024;
        }, 5);
        outgoing.on('response', (response) => {
          const seen = written;
          clearInterval(timer);
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => {
            outgoing.destroy();
            resolve({ status: response.statusCode ?? 0, body, written: seen });
          });
        });
        outgoing.on('error', (error) => {
          clearInterval(timer);
          reject(error);
        });
      },
    );
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body).error.code).toBe('payload_too_large');
    // The answer came while the upload was still going, long before it would have ended.
    expect(status.written).toBeLessThan(64 * 1024);
  });
});

describe('timeouts', () => {
  it('answers 408 request_timeout in the error shape when the body stalls', async () => {
    emulator = await startEmulator({ requestTimeoutMs: 150 });
    const url = new URL('/v1/compress', emulator.url);
    const started = performance.now();
    const received = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${emulator!.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': 'stalled-body-01',
          'content-length': '100',
        },
      });
      outgoing.write('{"context":');
      outgoing.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => {
          outgoing.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
      outgoing.on('error', reject);
    });
    expect(received.status).toBe(408);
    expect(JSON.parse(received.body).error.code).toBe('request_timeout');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('answers 408 in the error shape and closes a connection whose headers are late', async () => {
    emulator = await startEmulator({ headersTimeoutMs: 200 });
    const { port } = emulator;
    const started = performance.now();
    const answer = await exchange(port, 'POST /v1/compress HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    const [head, body] = answer.split('\r\n\r\n');
    const json = JSON.parse(body!);
    expect(json).toMatchObject({ success: false, error: { code: 'request_timeout' } });
    expect(head).toContain(`Request-Id: ${json.requestId}`);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('answers 400 malformed_request in the error shape to bytes that are not HTTP', async () => {
    const started = await startEmulator();
    emulator = started;
    const answer = await exchange(started.port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const json = JSON.parse(answer.split('\r\n\r\n')[1]!);
    expect(json).toMatchObject({ success: false, error: { code: 'malformed_request' } });
    expect(started.requests.at(-1)).toMatchObject({ status: 400, code: 'malformed_request' });
  });
});

/** Writes raw bytes on a new connection and resolves to all the server sent before closing it. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}
