import { InvalidArgumentError } from '@ai-sdk/provider';
import { generateText, streamText, tool, wrapLanguageModel, wrapProvider } from 'ai';
import { MockProviderV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextOptimizerMiddleware } from './context-optimizer-middleware.ts';
import {
  chatMessages,
  HISTORY_ASSISTANT,
  HISTORY_USER,
  QUESTION,
  SYSTEM,
} from './test-support/conversation.ts';
import {
  API_KEY,
  BASE_URL,
  errorReply,
  fakeService,
  generateReply,
  isolateNetwork,
} from './test-support/fake-service.ts';
import { answeringModel } from './test-support/mock-model.ts';

const middleware = (extra: Parameters<typeof contextOptimizerMiddleware>[0] = {}) =>
  contextOptimizerMiddleware({
    apiKey: API_KEY,
    baseURL: BASE_URL,
    strategy: 'generate',
    ...extra,
  });

const expectedBody = {
  context: [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: HISTORY_USER },
    { role: 'assistant', content: HISTORY_ASSISTANT },
  ],
  query: QUESTION,
  provider: 'openai',
  model: 'gpt-4o-mini',
  maxOutputTokens: 256,
};

describe("contextOptimizerMiddleware, strategy: 'generate'", () => {
  let restoreNetwork: () => void;
  beforeEach(() => {
    restoreNetwork = isolateNetwork();
  });
  afterEach(() => restoreNetwork());

  it('answers through /v1/generate for the wrapped model, which is never called (generateText)', async () => {
    const service = fakeService('/v1/generate', [generateReply('Runner 4.')]);
    const model = answeringModel('from the model');
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: middleware() }),
      instructions: SYSTEM,
      messages: chatMessages(),
      maxOutputTokens: 256,
    });

    expect(service.requests.map((request) => request.body)).toEqual([expectedBody]);
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(result.text).toBe('Runner 4.');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ inputTokens: 91, outputTokens: 7, totalTokens: 98 });
    expect(result.response.id).toBe('req_generate_1');
    expect(result.providerMetadata?.ctxopt).toEqual({
      requestId: 'req_generate_1',
      status: 'compressed',
      inputTokens: 1210,
      compressedTokens: 64,
      savedTokens: 1146,
      reductionPct: 94.71,
      chargedInputTokens: 1210,
      reusedInputTokens: 0,
    });
  });

  it('streams the answer as a V4 stream, and warns about settings it cannot pass (streamText)', async () => {
    const service = fakeService('/v1/generate', [
      generateReply('Runner 4 was the slowest.', 'anthropic', 'claude-sonnet-4-5'),
    ]);
    const model = answeringModel('from the model', {
      provider: 'anthropic.messages',
      modelId: 'claude-sonnet-4-5',
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: middleware() }),
      instructions: SYSTEM,
      messages: chatMessages(),
      temperature: 0.2,
    });

    expect(await result.text).toBe('Runner 4 was the slowest.');
    expect(model.doStreamCalls).toHaveLength(0);
    expect(service.requests[0]!.body).toMatchObject({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
    expect(service.requests[0]!.body).not.toHaveProperty('maxOutputTokens');
    expect(await result.usage).toMatchObject({ inputTokens: 91, outputTokens: 7 });
    expect((await result.providerMetadata)?.ctxopt).toMatchObject({ requestId: 'req_generate_1' });
    expect(await result.warnings).toContainEqual(
      expect.objectContaining({ type: 'unsupported', feature: 'temperature' }),
    );
  });

  it('sends calls with tools to the wrapped model, and says so', async () => {
    const service = fakeService('/v1/generate', [generateReply('unused')]);
    const model = answeringModel('from the model');
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: middleware() }),
      messages: chatMessages(),
      tools: {
        runnerStats: tool({ inputSchema: z.object({ runner: z.number() }) }),
      },
    });

    expect(service.requests).toHaveLength(0);
    expect(result.text).toBe('from the model');
    expect(result.warnings).toContainEqual({
      type: 'unsupported',
      feature: 'tools',
      details: 'POST /v1/generate takes no tools; the call went to the wrapped model.',
    });
    expect(result.providerMetadata?.ctxopt).toMatchObject({ status: 'skipped', reason: 'tools' });
  });

  it('rejects a model of an unmapped provider when it is wrapped, with onError: throw', () => {
    const model = answeringModel('x', { provider: 'mistral.chat', modelId: 'mistral-large' });
    const wrap = () => wrapLanguageModel({ model, middleware: middleware({ onError: 'throw' }) });
    expect(wrap).toThrow(InvalidArgumentError);
    expect(wrap).toThrow(/cannot route model "mistral-large" of provider "mistral.chat"/);
  });

  it('falls back to the wrapped model for an unmapped provider by default', async () => {
    const model = answeringModel('from mistral', { provider: 'mistral.chat', modelId: 'm' });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: middleware() }),
      messages: chatMessages(),
    });
    expect(result.text).toBe('from mistral');
    expect(result.providerMetadata?.ctxopt).toMatchObject({ reason: 'unmapped-provider' });
  });

  it('falls back to the wrapped model when /v1/generate fails, and reports the error', async () => {
    fakeService('/v1/generate', [errorReply(502, 'provider_unavailable')]);
    const model = answeringModel('from the model');
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: middleware() }),
      messages: chatMessages(),
    });
    expect(result.text).toBe('from the model');
    expect(result.usage.inputTokens).toBe(120);
    expect(result.providerMetadata?.ctxopt).toMatchObject({
      status: 'failed',
      error: { status: 502, code: 'provider_unavailable' },
    });
  });

  it('routes every model of a provider wrapped with wrapProvider', async () => {
    const service = fakeService('/v1/generate', [generateReply('From 4.1.', 'openai', 'gpt-4.1')]);
    const provider = wrapProvider({
      provider: new MockProviderV4({
        languageModels: {
          'gpt-4.1': answeringModel('from the model', {
            provider: 'openai.responses',
            modelId: 'gpt-4.1',
          }),
        },
      }),
      languageModelMiddleware: middleware({ onError: 'throw' }),
    });
    const result = await generateText({
      model: provider.languageModel('gpt-4.1'),
      prompt: QUESTION,
    });
    expect(result.text).toBe('From 4.1.');
    expect(service.requests[0]!.body).toMatchObject({ provider: 'openai', model: 'gpt-4.1' });
  });
});
