import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator } from '@ctxopt/local';
import { type ChatMetadata, startChatServer } from '@ctxopt-examples/web-chat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listeningServers } from './closed.ts';

const question =
  'At what wind speed is the whole service suspended, and who decides the suspension?';

async function ask(url: string, text = question) {
  const response = await fetch(`${url}api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id: 'chat-1',
      trigger: 'submit-message',
      messages: [{ id: 'message-1', role: 'user', parts: [{ type: 'text', text }] }],
    }),
  });
  const body = await response.text();
  const chunks = body
    .split('\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice('data: '.length)));
  const answer = chunks
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta)
    .join('');
  // Each metadata chunk is merged into the message's metadata, as the page's chat does.
  const metadata: ChatMetadata = Object.assign(
    { model: '' },
    ...chunks.filter((chunk) => chunk.messageMetadata).map((chunk) => chunk.messageMetadata),
  );
  return { response, chunks, text: answer, metadata };
}

/** A loopback stand-in for OpenAI's Chat Completions API that streams a fixed answer. */
async function startFakeOpenAI(answer: string) {
  const received: { authorization?: string; body: { messages: { content: string }[] } }[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const base = {
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'gpt-4o-mini',
      };
      for (const word of answer.split(/(?<= )/)) {
        const delta = { role: 'assistant', content: word };
        response.write(
          `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
        );
      }
      const usage = { prompt_tokens: 321, completion_tokens: 9, total_tokens: 330 };
      response.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage })}\n\n`,
      );
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

describe('the web chat server', { timeout: 30_000 }, () => {
  it('streams a UI message stream whose metadata carries the compression of the answer', async () => {
    const before = listeningServers();
    const server = await startChatServer({ env: {} });
    const { response, chunks, text, metadata } = await ask(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').length).toBeGreaterThan(5);
    expect(text).toMatch(/^Based on the context: .*55 km\/h/);
    expect(metadata).toMatchObject({
      model: 'offline/kestrel-extractive',
      inspectorUrl: server.inspectorUrl,
      calls: [{ status: 'compressed', requestId: expect.stringMatching(/^req_/) }],
    });
    expect(metadata.compressedTokens).toBeLessThan(metadata.inputTokens!);
    expect(metadata.modelInputTokens).toBeLessThan(metadata.inputTokens!);
    await server.close();
    await vi.waitFor(() => expect(listeningServers()).toBe(before), { timeout: 2000 });
  });

  it('shows how often answers agree with the uncompressed prompt, from shadow evaluation', async () => {
    const server = await startChatServer({ env: {} });
    stops.push(() => server.close());
    await ask(server.url);
    // An answer's shadow runs once its model stream has ended: the verdicts reach the
    // metadata of a later step or answer.
    await vi.waitFor(
      async () => {
        const { metadata } = await ask(server.url);
        expect(metadata.agreement?.[0]).toMatchObject({
          level: 'default',
          judged: expect.any(Number),
          agreed: expect.any(Number),
        });
        expect(metadata.agreement![0]!.judged).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('answers 400 naming the rule when the conversation does not end with a question', async () => {
    const server = await startChatServer({ env: {} });
    stops.push(() => server.close());
    const response = await fetch(`${server.url}api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'Hi' }] }],
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'messages must end with a user message that has text.',
    });
  });

  it('uses the service and the OpenAI model named by the environment, and the model reads the compressed prompt', async () => {
    const service = await startEmulator();
    stops.push(() => service.close());
    const openai = await startFakeOpenAI('The Duty Operations Manager decides, above 55 km/h.');
    stops.push(openai.close);
    const server = await startChatServer({
      env: {
        CTXOPT_API_KEY: service.apiKey,
        CTXOPT_BASE_URL: service.url,
        OPENAI_API_KEY: 'sk-test-web-chat',
        OPENAI_BASE_URL: openai.url,
        // With a real key, one answer in ten also goes out uncompressed (shadow evaluation),
        // which made OpenAI see two requests one run in ten.
        SHADOW_SAMPLE_RATE: '0',
      },
    });
    stops.push(() => server.close());
    expect(server.inspectorUrl).toBeUndefined();
    const { text, metadata } = await ask(server.url);
    expect(text).toBe('The Duty Operations Manager decides, above 55 km/h.');
    expect(metadata.model).toBe('openai.chat/gpt-4o-mini');
    expect(metadata.inspectorUrl).toBeUndefined();
    expect(metadata.modelInputTokens).toBe(321);
    const compressCalls = service.requests.filter((request) => request.path === '/v1/compress');
    expect(compressCalls.map((request) => request.requestId)).toEqual(
      metadata.calls!.map((call) => call.requestId),
    );
    // What OpenAI received: the compressed sections, far shorter than the sections themselves.
    expect(openai.received).toHaveLength(1);
    expect(openai.received[0]!.authorization).toBe('Bearer sk-test-web-chat');
    const prompt = openai.received[0]!.body.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain(question);
    expect(prompt).not.toContain('Handbook sections for the next question:');
    expect(metadata.compressedTokens).toBeLessThan(metadata.inputTokens! / 2);
  });
});
