import { inspect } from 'node:util';
import {
  APICallError,
  LoadAPIKeyError,
  NoSuchModelError,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContextOptimizer } from './context-optimizer-provider.ts';
import {
  chatMessages,
  HISTORY_ASSISTANT,
  HISTORY_USER,
  QUESTION,
} from './test-support/conversation.ts';
import {
  API_KEY,
  BASE_URL,
  errorReply,
  fakeService,
  generateReply,
  isolateNetwork,
} from './test-support/fake-service.ts';

const ctxopt = createContextOptimizer({ apiKey: API_KEY, baseURL: BASE_URL, level: 'standard' });

describe('createContextOptimizer', () => {
  let restoreNetwork: () => void;
  beforeEach(() => {
    restoreNetwork = isolateNetwork();
  });
  afterEach(() => {
    restoreNetwork();
    vi.unstubAllEnvs();
  });

  it('answers generateText with /v1/generate and maps the usage (generateText)', async () => {
    const service = fakeService('/v1/generate', [generateReply('Runner 4.')]);
    const result = await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      messages: chatMessages(),
      maxOutputTokens: 64,
      providerOptions: { ctxopt: { mode: 'aggressive' } },
    });

    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]!.body).toEqual({
      context: [
        { role: 'user', content: HISTORY_USER },
        { role: 'assistant', content: HISTORY_ASSISTANT },
      ],
      query: QUESTION,
      mode: 'aggressive',
      provider: 'openai',
      model: 'gpt-4o-mini',
      maxOutputTokens: 64,
    });
    expect(service.requests[0]!.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      'content-type': 'application/json',
    });
    expect(service.requests[0]!.headers['idempotency-key']).toMatch(/^.{8,120}$/);
    expect(result.text).toBe('Runner 4.');
    expect(result.usage).toMatchObject({ inputTokens: 91, outputTokens: 7, totalTokens: 98 });
    expect(result.providerMetadata?.ctxopt).toMatchObject({
      requestId: 'req_generate_1',
      savedTokens: 1146,
    });
    expect(result.warnings).toEqual([]);
  });

  it('streams the answer (streamText) and sends a single prompt as both context and query', async () => {
    const service = fakeService('/v1/generate', [
      generateReply('Use the cache.', 'google', 'gemini-2.5-flash'),
    ]);
    const result = streamText({
      model: ctxopt.languageModel('google:gemini-2.5-flash'),
      prompt: 'How do I speed up the build?',
    });
    const parts: string[] = [];
    for await (const part of result.fullStream) parts.push(part.type);

    expect(await result.text).toBe('Use the cache.');
    expect(parts).toEqual([
      'start',
      'start-step',
      'text-start',
      'text-delta',
      'text-end',
      'finish-step',
      'finish',
    ]);
    expect(service.requests[0]!.body).toEqual({
      context: [{ role: 'user', content: 'How do I speed up the build?' }],
      query: 'How do I speed up the build?',
      level: 'standard',
      provider: 'google',
      model: 'gemini-2.5-flash',
    });
    expect(await result.usage).toMatchObject({ inputTokens: 91, outputTokens: 7 });
    expect((await result.providerMetadata)?.ctxopt).toMatchObject({ status: 'compressed' });
  });

  it('reports settings it cannot apply as warnings', async () => {
    fakeService('/v1/generate', [generateReply('ok')]);
    const result = await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      prompt: 'hi',
      temperature: 0.1,
      stopSequences: ['END'],
    });
    expect(result.warnings?.map((warning) => 'feature' in warning && warning.feature)).toEqual([
      'temperature',
      'stopSequences',
    ]);
  });

  it('refuses file parts with UnsupportedFunctionalityError, before any request', async () => {
    const service = fakeService('/v1/generate', [generateReply('unused')]);
    const error = await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'file', data: new Uint8Array([1, 2, 3]), mediaType: 'application/pdf' },
          ],
        },
      ],
    }).catch((caught: unknown) => caught);
    expect(UnsupportedFunctionalityError.isInstance(error)).toBe(true);
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    { reply: errorReply(503, 'overloaded'), status: 503, retryable: true },
    {
      reply: errorReply(429, 'rate_limited', { 'retry-after': '1' }),
      status: 429,
      retryable: true,
    },
    { reply: errorReply(429, 'quota_exceeded'), status: 429, retryable: false },
    { reply: errorReply(400, 'invalid_request'), status: 400, retryable: false },
    { reply: errorReply(409, 'idempotency_conflict'), status: 409, retryable: false },
  ])(
    'maps a $status ($reply.body.error.code) to APICallError, isRetryable $retryable',
    async ({ reply, status, retryable }) => {
      fakeService('/v1/generate', [reply]);
      const error = await generateText({
        model: ctxopt('openai:gpt-4o-mini'),
        prompt: 'hi',
        maxRetries: 0,
      }).catch((caught: unknown) => caught);

      expect(APICallError.isInstance(error)).toBe(true);
      const callError = error as APICallError;
      expect(callError).toMatchObject({ statusCode: status, isRetryable: retryable });
      expect(callError.url).toBe(`${BASE_URL}/v1/generate`);
      expect(callError.requestBodyValues).toMatchObject({ query: 'hi', provider: 'openai' });
      expect(Object.keys(callError.responseHeaders ?? {})).not.toContain('authorization');
      expect(JSON.stringify(callError)).not.toContain(API_KEY);
      expect(inspect(callError, { depth: 10 })).not.toContain(API_KEY);
    },
  );

  it('maps a reset connection to a retryable APICallError', async () => {
    fakeService('/v1/generate', [{ reset: true }]);
    const error = await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      prompt: 'hi',
      maxRetries: 0,
    }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true, statusCode: undefined });
    expect((error as Error).message).toMatch(/POST \/v1\/generate failed to connect/);
  });

  it('makes one request per SDK attempt: the SDK alone retries', async () => {
    const busy = errorReply(503, 'overloaded', { 'retry-after-ms': '5' });
    const service = fakeService('/v1/generate', [busy, busy, generateReply('Third time.')]);
    const result = await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      prompt: 'hi',
      maxRetries: 2,
    });
    expect(service.requests).toHaveLength(3);
    expect(result.text).toBe('Third time.');
  });

  it('rejects malformed model ids and other model kinds with NoSuchModelError', () => {
    expect(() => ctxopt('gpt-4o-mini')).toThrow(NoSuchModelError);
    expect(() => ctxopt('OpenAI:gpt-4o')).toThrow(/is not "<provider>:<model>"/);
    expect(() => ctxopt.embeddingModel('openai:text-embedding-3-small')).toThrow(NoSuchModelError);
    expect(() => ctxopt.imageModel('openai:dall-e-3')).toThrow(NoSuchModelError);
    expect(ctxopt('openai:ft:gpt-4o-mini:acme::abc').modelId).toBe(
      'openai:ft:gpt-4o-mini:acme::abc',
    );
  });

  it('reads the API key when the first call is made, as AI SDK providers do', async () => {
    vi.stubEnv('CTXOPT_API_KEY', undefined);
    const fromEnv = createContextOptimizer({ baseURL: BASE_URL });
    const model = fromEnv('openai:gpt-4o-mini');
    const error = await generateText({ model, prompt: 'hi' }).catch((caught: unknown) => caught);
    expect(LoadAPIKeyError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/CTXOPT_API_KEY/);
  });
});
