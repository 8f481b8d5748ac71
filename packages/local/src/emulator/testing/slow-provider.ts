import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat completion in OpenAI's documented shape. */
export function chatCompletion(content: string) {
  return {
    id: 'chatcmpl-test-0001',
    object: 'chat.completion',
    created: 1741570283,
    model: 'gpt-4o-mini-2024-07-18',
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 },
  };
}

/**
 * An OpenAI-compatible server on loopback that answers after `delayMs`, for tests that
 * need a provider call to be in flight for a while. Records the requests it received.
 */
export async function startSlowProvider(options: {
  delayMs: number;
  status?: number;
  body?: unknown;
}) {
  const received: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body });
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(options.status ?? 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(options.body ?? chatCompletion('Paris.')));
      }, options.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
