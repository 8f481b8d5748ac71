import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one answer the server gives to every request. */
export interface FixedResponse {
  /** @default 200 */
  status?: number;
  body: string;
  /** @default { 'content-type': 'application/json' } */
  headers?: Record<string, string>;
}

export interface RunningServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/**
 * An HTTP/1.1 server on 127.0.0.1 (a free port) that reads each request body to its end,
 * then sends the same bytes every time. Connections are kept alive, as a real API
 * endpoint behind a load balancer keeps them, so a benchmark measures requests rather
 * than TCP handshakes.
 */
export async function startFixedResponseServer(response: FixedResponse): Promise<RunningServer> {
  const body = Buffer.from(response.body);
  const headers = {
    'content-type': 'application/json',
    ...response.headers,
    'content-length': String(body.length),
  };
  const status = response.status ?? 200;
  const server = createServer((request, reply) => {
    request.on('end', () => {
      reply.writeHead(status, headers);
      reply.end(body);
    });
    request.resume();
  });
  // Longer than any pause between rounds, so no connection closes mid-benchmark.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
