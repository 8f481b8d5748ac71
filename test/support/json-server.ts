import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 that parses each JSON request body and hands it to
 * `handle`; `close()` also ends connections still open (a hung request, a keep-alive).
 */
export async function startJsonServer(
  handle: (body: unknown, request: IncomingMessage, response: ServerResponse) => void,
) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      handle(text.length > 0 ? JSON.parse(text) : undefined, request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A service that takes every request and never answers: the hung dependency. */
export async function startHungServer() {
  let requests = 0;
  const server = await startJsonServer(() => {
    requests++;
  });
  return { ...server, requests: () => requests };
}
