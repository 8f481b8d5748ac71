// Plain HTTP helpers for the checks: what a client in any language would send.
import { createServer } from 'node:http';

export async function post(baseURL, path, body, headers = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

let counter = 0;
export function authorized(apiKey) {
  counter += 1;
  return { authorization: `Bearer ${apiKey}`, 'idempotency-key': `packed-check-${counter}-key` };
}

/** A loopback stand-in for a provider that fails every call with 500. */
export async function failingProvider() {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"provider down","type":"server_error"}}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
