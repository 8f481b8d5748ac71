import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { joinURL, postJson } from './post-json.ts';
import { isolateNetwork } from './testing/provider-nock.ts';

let restore: () => void;
beforeEach(() => {
  restore = isolateNetwork();
});
afterEach(() => restore());

describe('provider calls', () => {
  it('time out on a provider that does not answer in time', async () => {
    // A real slow server on loopback: the answer comes long after the timeout.
    const server = createServer((_request, response) => {
      const timer = setTimeout(() => response.end('{}'), 2000);
      response.on('close', () => clearTimeout(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const started = performance.now();
      const failure = await postJson({
        provider: 'openai',
        url: `http://127.0.0.1:${port}/v1/chat/completions`,
        headers: { authorization: 'Bearer sk-secret' },
        body: {},
        timeoutMs: 100,
      }).catch((error) => error);
      expect(failure).toMatchObject({
        failure: 'timeout',
        message: 'openai did not answer within 100 ms.',
      });
      expect(performance.now() - started).toBeLessThan(1500);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('report a connection failure without the error text of the socket', async () => {
    // A loopback server that hangs up on every request.
    const server = createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(
        postJson({
          provider: 'anthropic',
          url: `http://127.0.0.1:${port}/v1/messages`,
          headers: {},
          body: {},
        }),
      ).rejects.toMatchObject({ failure: 'network', message: 'Could not reach anthropic.' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('report a 2xx body that is not JSON as malformed', async () => {
    nock('https://api.openai.com').post('/v1/chat/completions').reply(200, '<html>gateway</html>');
    await expect(
      postJson({
        provider: 'openai',
        url: 'https://api.openai.com/v1/chat/completions',
        headers: {},
        body: {},
      }),
    ).rejects.toMatchObject({
      failure: 'malformed',
      message: 'openai answered 200 with a body that is not JSON.',
    });
  });

  it('join base URLs with or without a trailing slash', () => {
    expect(joinURL('https://a.test/', '/v1/x')).toBe('https://a.test/v1/x');
    expect(joinURL('https://a.test/proxy', '/v1/x')).toBe('https://a.test/proxy/v1/x');
  });
});
