import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoingGatewayOptions {
  status: number;
  /** The JSON body, built from the Authorization header the gateway received. */
  body(authorization: string): unknown;
}

/**
 * A real server on 127.0.0.1 standing for a service (or a proxy in front of it) that
 * echoes the Authorization header it received: into the body it is given, and into a
 * header of its own. The tests of every package use it to show that the key is redacted.
 */
export async function startEchoingGateway(options: EchoingGatewayOptions) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const authorization = request.headers.authorization ?? '';
      response.writeHead(options.status, {
        'content-type': 'application/json',
        'retry-after': '3600',
        'x-debug-authorization': authorization,
      });
      response.end(JSON.stringify(options.body(authorization)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An error body of the contract that echoes `authorization` into its code, message and requestId. */
export function echoingErrorBody(authorization: string) {
  return {
    success: false,
    requestId: `req ${authorization}`,
    error: { code: authorization, message: `Forbidden for ${authorization}` },
  };
}
