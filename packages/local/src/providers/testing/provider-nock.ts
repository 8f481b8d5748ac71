import nock from 'nock';

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

/**
 * No request may leave the machine but to loopback; returns the undo for `afterEach`.
 * The undo also takes nock's interceptor off `http` (importing nock puts it on): the
 * local suites share modules within a worker, and a request that passes through the
 * interceptor sends its body only when it ends, so a later file's stalled or streamed
 * body (emulator/body-limits.test.ts) never reached its server.
 */
export function isolateNetwork(): () => void {
  if (!nock.isActive()) nock.activate();
  nock.disableNetConnect();
  nock.enableNetConnect(/^127\.0\.0\.1(:\d+)?$/);
  return () => {
    nock.cleanAll();
    nock.enableNetConnect();
    nock.restore();
  };
}
