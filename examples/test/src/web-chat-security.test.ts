import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator } from '@ctxopt/local';
import { startChatServer } from '@ctxopt-examples/web-chat';
import { afterEach, describe, expect, it } from 'vitest';

const OPENAI_KEY = 'sk-web-chat-secret-5a6b7c8d9e';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request with exactly these headers (`Host` included), as a browser or an attacker sends it. */
function raw(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<Raw> {
  const target = new URL(options.path ?? '/', url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      target,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

const chatBody = JSON.stringify({
  id: 'chat-1',
  trigger: 'submit-message',
  messages: [
    {
      id: 'message-1',
      role: 'user',
      parts: [{ type: 'text', text: 'At what wind speed is the service suspended?' }],
    },
  ],
});

/** A loopback stand-in for OpenAI that fails the way a provider does: echoing the key it got. */
async function startEchoingOpenAI() {
  let received = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The chat on a service whose requests the test can count. */
async function chatOnEmulator(options: { allowedHosts?: string[] } = {}) {
  const service = await startEmulator();
  stops.push(() => service.close());
  const logged: string[] = [];
  const server = await startChatServer({
    env: { CTXOPT_API_KEY: service.apiKey, CTXOPT_BASE_URL: service.url },
    logError: (message) => logged.push(message),
    ...options,
  });
  stops.push(() => server.close());
  return { server, service, logged, host: new URL(server.url).host };
}

describe('the web chat as deployed: who may reach it', { timeout: 30_000 }, () => {
  it('answers only a Host that names this machine (DNS rebinding refused), or one configured', async () => {
    const { server, host } = await chatOnEmulator({ allowedHosts: ['chat.internal'] });
    const port = new URL(server.url).port;
    for (const name of [host, `localhost:${port}`, `chat.internal:${port}`]) {
      expect((await raw(server.url, { headers: { host: name } })).status).toBe(200);
    }
    for (const name of [
      `attacker.example:${port}`,
      'attacker.example',
      `127.0.0.1.nip.io:${port}`,
    ]) {
      for (const path of ['/', '/api/config', '/app.js']) {
        const refused = await raw(server.url, { path, headers: { host: name } });
        expect(refused.status).toBe(403);
        expect(refused.text).not.toContain('Kestrel');
      }
      const post = await raw(server.url, {
        method: 'POST',
        path: '/api/chat',
        headers: { host: name, 'content-type': 'application/json' },
        body: chatBody,
      });
      expect(post.status).toBe(403);
    }
  });

  it('refuses a POST from another origin, the text/plain simple request of a cross-site form included, before any work', async () => {
    const { server, service, host } = await chatOnEmulator();
    const attempts: Record<string, string>[] = [
      { origin: 'http://evil.example', 'content-type': 'text/plain' },
      { origin: 'http://evil.example', 'content-type': 'application/json' },
      { origin: 'null', 'content-type': 'text/plain' },
      // Another port of this machine is another origin too.
      { origin: 'http://127.0.0.1:1', 'content-type': 'text/plain' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      {
        origin: `http://${host}`,
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
    ];
    for (const headers of attempts) {
      const refused = await raw(server.url, {
        method: 'POST',
        path: '/api/chat',
        headers: { host, ...headers },
        body: chatBody,
      });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)).toEqual({ error: 'Cross-origin requests are refused.' });
    }
    // The page's own origin, but not JSON: a form cannot send JSON, so nothing but the page can.
    const plain = await raw(server.url, {
      method: 'POST',
      path: '/api/chat',
      headers: { host, origin: `http://${host}`, 'content-type': 'text/plain' },
      body: chatBody,
    });
    expect(plain.status).toBe(415);
    expect(service.requests).toHaveLength(0);

    // The page itself: same origin, JSON.
    const own = await raw(server.url, {
      method: 'POST',
      path: '/api/chat',
      headers: {
        host,
        origin: `http://${host}`,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      body: chatBody,
    });
    expect(own.status).toBe(200);
    expect(own.text).toContain('"type":"text-delta"');
    expect(service.requests.length).toBeGreaterThan(0);
  });

  it('sends a Content-Security-Policy, nosniff and no-framing headers with every answer', async () => {
    const { server, host } = await chatOnEmulator();
    const answers = [
      await raw(server.url, { headers: { host } }),
      await raw(server.url, { path: '/app.js', headers: { host } }),
      await raw(server.url, { path: '/app.css', headers: { host } }),
      await raw(server.url, { path: '/api/config', headers: { host } }),
      await raw(server.url, { path: '/nowhere', headers: { host } }),
      await raw(server.url, {
        method: 'POST',
        path: '/api/chat',
        headers: { host, 'content-type': 'application/json' },
        body: chatBody,
      }),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
    // The page carries no inline style or script for the policy to refuse.
    expect(answers[0]!.text).not.toMatch(/<style|<script(?![^>]*\bsrc=)/);
    expect(answers[0]!.text).toContain('<link rel="stylesheet" href="/app.css">');
  });
});

describe('the web chat as deployed: what reaches the browser', { timeout: 30_000 }, () => {
  it('never streams a provider error that echoes OPENAI_API_KEY: the browser gets the status, the log the redacted error', async () => {
    const openai = await startEchoingOpenAI();
    stops.push(openai.close);
    const logged: string[] = [];
    const server = await startChatServer({
      env: { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: openai.url },
      logError: (message) => logged.push(message),
    });
    stops.push(() => server.close());
    const host = new URL(server.url).host;
    const answer = await raw(server.url, {
      method: 'POST',
      path: '/api/chat',
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
      body: chatBody,
    });
    expect(openai.received()).toBeGreaterThan(0);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"type":"error"');
    expect(answer.text).toContain('The model call failed (the provider answered 401).');
    for (const form of [OPENAI_KEY, OPENAI_KEY.slice(0, 16), 'Incorrect API key']) {
      expect(answer.text).not.toContain(form);
    }
    expect(logged.join('\n')).toContain('Incorrect API key provided: ***');
    expect(logged.join('\n')).not.toContain(OPENAI_KEY);
  });
});
