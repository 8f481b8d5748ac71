import { APICallError } from '@ai-sdk/provider';
import { generateText, wrapLanguageModel } from 'ai';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextOptimizerMiddleware } from './context-optimizer-middleware.ts';
import { chatMessages, SYSTEM } from './test-support/conversation.ts';
import {
  API_KEY,
  BASE_URL,
  compressReply,
  errorReply,
  fakeService,
  isolateNetwork,
} from './test-support/fake-service.ts';
import { closedPortURL, startSlowService } from './test-support/loopback.ts';
import { answeringModel } from './test-support/mock-model.ts';

const originalPrompt = async () => {
  const model = answeringModel('-');
  await generateText({ model, instructions: SYSTEM, messages: chatMessages() });
  return model.doGenerateCalls[0]!.prompt;
};

describe('contextOptimizerMiddleware when the service fails', () => {
  let restoreNetwork: () => void;
  beforeEach(() => {
    restoreNetwork = isolateNetwork();
  });
  afterEach(() => restoreNetwork());

  it('sends the original prompt when the service is down, and reports it', async () => {
    nock.enableNetConnect('127.0.0.1');
    const model = answeringModel('Runner 4.');
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({ apiKey: API_KEY, baseURL: await closedPortURL() }),
      }),
      instructions: SYSTEM,
      messages: chatMessages(),
    });

    expect(result.text).toBe('Runner 4.');
    expect(model.doGenerateCalls[0]!.prompt).toEqual(await originalPrompt());
    const ctxopt = result.providerMetadata?.ctxopt;
    expect(ctxopt).toMatchObject({ status: 'failed', inputTokens: 0, savedTokens: 0 });
    expect(ctxopt?.error).toMatchObject({ name: 'APIConnectionError' });
    expect(result.warnings).toContainEqual({
      type: 'other',
      message: expect.stringMatching(/^ctxopt: compress failed, the original prompt was sent/),
    });
  });

  it('gives up on a slow service after its timeout and sends the original prompt', async () => {
    nock.enableNetConnect('127.0.0.1');
    const service = await startSlowService(3_000, compressReply('late').body);
    try {
      const model = answeringModel('Runner 4.');
      const started = performance.now();
      const result = await generateText({
        model: wrapLanguageModel({
          model,
          middleware: contextOptimizerMiddleware({
            apiKey: API_KEY,
            baseURL: service.url,
            timeout: 300,
          }),
        }),
        instructions: SYSTEM,
        messages: chatMessages(),
      });
      const elapsed = performance.now() - started;

      expect(service.requests()).toBe(1);
      expect(elapsed).toBeLessThan(2_000);
      expect(model.doGenerateCalls[0]!.prompt).toEqual(await originalPrompt());
      expect(result.providerMetadata?.ctxopt?.error).toMatchObject({
        name: 'APIConnectionTimeoutError',
      });
    } finally {
      await service.close();
    }
  });

  it("propagates a retryable APICallError with onError: 'throw', and the SDK alone retries", async () => {
    const service = fakeService('/v1/compress', [
      errorReply(503, 'overloaded', { 'retry-after-ms': '5' }),
      errorReply(503, 'overloaded', { 'retry-after-ms': '5' }),
    ]);
    const model = answeringModel('never');
    const error = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({
          apiKey: API_KEY,
          baseURL: BASE_URL,
          onError: 'throw',
        }),
      }),
      instructions: SYSTEM,
      messages: chatMessages(),
      maxRetries: 1,
    }).catch((caught: unknown) => caught);

    // One attempt per SDK try: the client does not retry under the SDK's own retries.
    expect(service.requests).toHaveLength(2);
    expect(model.doGenerateCalls).toHaveLength(0);
    const last = (error as { lastError?: unknown }).lastError;
    expect(APICallError.isInstance(last)).toBe(true);
    expect(last).toMatchObject({
      statusCode: 503,
      isRetryable: true,
      url: `${BASE_URL}/v1/compress`,
      data: { code: 'overloaded', requestId: 'req_error_503' },
    });
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(JSON.stringify((last as APICallError).responseHeaders)).not.toMatch(/authorization/i);
  });

  it('reports a 4xx with onError: passthrough and still answers', async () => {
    fakeService('/v1/compress', [errorReply(401, 'invalid_api_key')]);
    const result = await generateText({
      model: wrapLanguageModel({
        model: answeringModel('Runner 4.'),
        middleware: contextOptimizerMiddleware({ apiKey: API_KEY, baseURL: BASE_URL }),
      }),
      messages: chatMessages(),
    });
    expect(result.text).toBe('Runner 4.');
    expect(result.providerMetadata?.ctxopt).toMatchObject({
      requestId: 'req_error_401',
      status: 'failed',
      inputTokens: 0,
      compressedTokens: 0,
      savedTokens: 0,
      reductionPct: 0,
      error: {
        name: 'AuthenticationError',
        message:
          'POST /v1/compress failed with 401 invalid_api_key: invalid_api_key happened (requestId req_error_401)',
        status: 401,
        code: 'invalid_api_key',
        requestId: 'req_error_401',
      },
    });
  });

  it("propagates the caller's abort instead of failing open", async () => {
    nock.enableNetConnect('127.0.0.1');
    const service = await startSlowService(3_000, compressReply('late').body);
    try {
      const model = answeringModel('never');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const error = await generateText({
        model: wrapLanguageModel({
          model,
          middleware: contextOptimizerMiddleware({ apiKey: API_KEY, baseURL: service.url }),
        }),
        messages: chatMessages(),
        abortSignal: controller.signal,
      }).catch((caught: unknown) => caught);

      expect((error as Error).name).toBe('AbortError');
      expect(model.doGenerateCalls).toHaveLength(0);
    } finally {
      await service.close();
    }
  });
});
