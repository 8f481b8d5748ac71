import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressContext } from '../engine/compress-context.ts';
import { buildPrompt } from '../providers/build-prompt.ts';
import { isolateNetwork, provideOnce } from '../providers/testing/provider-nock.ts';
import { type Emulator, startEmulator } from './start-emulator.ts';
import { LONG_CONTEXT, send } from './testing/send.ts';
import { chatCompletion, startSlowProvider } from './testing/slow-provider.ts';

const PROVIDER_KEYS = {
  openai: 'sk-proj-secret-openai-77',
  anthropic: 'sk-ant-secret-anthropic-77',
  google: 'AIza-secret-google-77',
};

let restore: () => void;
let emulator: Emulator | undefined;
beforeEach(() => {
  restore = isolateNetwork();
});
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
  restore();
});

const request = {
  context: LONG_CONTEXT,
  query: 'What is the capital of France?',
  maxOutputTokens: 200,
};

function expectNoSecret(text: string) {
  for (const key of Object.values(PROVIDER_KEYS)) expect(text).not.toContain(key);
}

describe('generate through the provider adapters', () => {
  it('sends the compressed context to OpenAI and maps its usage to usage.provider', async () => {
    emulator = await startEmulator({ providerKeys: PROVIDER_KEYS });
    const provider = provideOnce(
      'https://api.openai.com',
      '/v1/chat/completions',
      200,
      chatCompletion('Paris.'),
    );
    const received = await send(emulator, {
      path: '/v1/generate',
      body: { ...request, provider: 'openai', model: 'gpt-4o-mini' },
    });
    expect(received.status).toBe(200);
    const sent = provider.sent[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${PROVIDER_KEYS.openai}`);
    const system = (sent.body as { messages: { content: string }[] }).messages[0]!.content;
    expect(received.json).toEqual({
      success: true,
      requestId: received.headers['request-id'],
      data: { answer: 'Paris.' },
      compression: { status: 'compressed' },
      usage: {
        request: {
          inputTokens: expect.any(Number),
          compressedTokens: expect.any(Number),
          savedTokens: expect.any(Number),
          reductionPct: expect.any(Number),
        },
        provider: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          inputTokens: 120,
          outputTokens: 7,
          totalTokens: 127,
        },
        monthly: expect.objectContaining({ usedTokens: received.json.usage.request.inputTokens }),
      },
    });
    // The provider saw the compressed context, not the original.
    const { compressed, compressedTokens } = compressContext({
      context: request.context,
      query: request.query,
    });
    expect(system).toBe(buildPrompt(compressed, request.query).system);
    expect(received.json.usage.request.compressedTokens).toBe(compressedTokens);
    expect(compressed.length).toBeLessThan(LONG_CONTEXT.length);
    expectNoSecret(received.text);
  });

  it('calls Anthropic with its own headers', async () => {
    emulator = await startEmulator({ providerKeys: PROVIDER_KEYS });
    const provider = provideOnce('https://api.anthropic.com', '/v1/messages', 200, {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-4-5',
      content: [{ type: 'text', text: 'Paris.' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 90, output_tokens: 3 },
    });
    const received = await send(emulator, {
      path: '/v1/generate',
      body: { ...request, provider: 'anthropic', model: 'claude-haiku-4-5' },
    });
    expect(provider.sent[0]!.headers['x-api-key']).toBe(PROVIDER_KEYS.anthropic);
    expect((provider.sent[0]!.body as { max_tokens: number }).max_tokens).toBe(200);
    expect(received.json.usage.provider).toEqual({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      inputTokens: 90,
      outputTokens: 3,
      totalTokens: 93,
    });
  });

  it('uses maxOutputTokens 1024 when the caller sends none', async () => {
    emulator = await startEmulator({ providerKeys: PROVIDER_KEYS });
    const provider = provideOnce(
      'https://generativelanguage.googleapis.com',
      '/v1beta/models/gemini-2.5-flash:generateContent',
      200,
      {
        candidates: [
          { content: { parts: [{ text: 'Paris.' }], role: 'model' }, finishReason: 'STOP' },
        ],
        usageMetadata: { promptTokenCount: 80, candidatesTokenCount: 2, totalTokenCount: 82 },
      },
    );
    const { maxOutputTokens: _omitted, ...withoutMax } = request;
    await send(emulator, {
      path: '/v1/generate',
      body: { ...withoutMax, provider: 'google', model: 'gemini-2.5-flash' },
    });
    expect(provider.sent[0]!.body).toMatchObject({ generationConfig: { maxOutputTokens: 1024 } });
  });

  it('answers 502 provider_error when the provider refuses, without its message or any key', async () => {
    emulator = await startEmulator({ providerKeys: PROVIDER_KEYS });
    provideOnce('https://api.openai.com', '/v1/chat/completions', 401, {
      error: {
        message: `Incorrect API key provided: ${PROVIDER_KEYS.openai}.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
    const received = await send(emulator, {
      path: '/v1/generate',
      body: { ...request, provider: 'openai', model: 'gpt-4o' },
    });
    expect(received.status).toBe(502);
    expect(received.json.error).toEqual({
      code: 'provider_error',
      message: 'The provider call failed: openai answered 401 (invalid_api_key).',
    });
    expectNoSecret(received.text);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(0);
  });

  it('answers 504 provider_timeout when the provider is too slow', async () => {
    const slow = await startSlowProvider({ delayMs: 1000 });
    try {
      emulator = await startEmulator({
        providerKeys: { openai: PROVIDER_KEYS.openai },
        providerBaseURLs: { openai: slow.url },
        providerTimeoutMs: 100,
      });
      const received = await send(emulator, {
        path: '/v1/generate',
        body: { ...request, provider: 'openai', model: 'gpt-4o' },
      });
      expect(received.status).toBe(504);
      expect(received.json.error.code).toBe('provider_timeout');
    } finally {
      await slow.close();
    }
  });
});

describe('providers without a key', () => {
  it('are answered by the offline adapter from the compressed context by default', async () => {
    emulator = await startEmulator();
    const received = await send(emulator, {
      path: '/v1/generate',
      body: { ...request, provider: 'anthropic', model: 'claude-haiku-4-5' },
    });
    expect(received.status).toBe(200);
    expect(received.json.data.answer).toBe(
      'Based on the context: Paris is the capital of France and its largest city.',
    );
    expect(received.json.usage.provider).toMatchObject({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
    });
    const { inputTokens, outputTokens, totalTokens } = received.json.usage.provider;
    expect(totalTokens).toBe(inputTokens + outputTokens);
  });

  it('answer 400 provider_not_configured with offlineProviders: false', async () => {
    emulator = await startEmulator({
      offlineProviders: false,
      providerKeys: { openai: PROVIDER_KEYS.openai },
    });
    const received = await send(emulator, {
      path: '/v1/generate',
      body: { ...request, provider: 'google', model: 'gemini-2.5-flash' },
    });
    expect(received.status).toBe(400);
    expect(received.json.error.code).toBe('provider_not_configured');
    expect(received.json.error.message).toContain('google');
    expectNoSecret(received.text);
  });
});
