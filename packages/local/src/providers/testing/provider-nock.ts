import nock from 'nock';
import { isolateNetwork as isolateEveryRequest } from '../../../../../test/support/isolated-network.ts';

/** A request a provider adapter really sent, as nock received it. */
export interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Answers `POST {origin}{path}` once with `status` and `body`, and records the request
 * the adapter sent. Nothing leaves the machine.
 */
export function provideOnce(origin: string, path: string, status: number, body: unknown) {
  const sent: SentRequest[] = [];
  const scope = nock(origin)
    .post(path)
    .reply(async (request: Request) => {
      sent.push({
        url: request.url,
        headers: Object.fromEntries(request.headers.entries()),
        body: JSON.parse(await request.text()),
      });
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      return [status, text, { 'content-type': 'application/json' }];
    });
  return { sent, done: () => scope.isDone() };
}

/** No request may leave the machine but to loopback; returns the undo for `afterEach`. */
export const isolateNetwork = () => isolateEveryRequest('loopback');
