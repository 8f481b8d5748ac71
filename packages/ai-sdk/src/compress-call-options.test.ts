import { InvalidArgumentError } from '@ai-sdk/provider';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextOptimizerMiddleware } from './context-optimizer-middleware.ts';
import { chatMessages, HISTORY_USER, QUESTION } from './test-support/conversation.ts';
import {
  API_KEY,
  BASE_URL,
  compressReply,
  fakeService,
  isolateNetwork,
} from './test-support/fake-service.ts';
import { answeringModel } from './test-support/mock-model.ts';

const options = { apiKey: API_KEY, baseURL: BASE_URL };

describe('contextOptimizerMiddleware per-call options and thresholds', () => {
  let restoreNetwork: () => void;
  beforeEach(() => {
    restoreNetwork = isolateNetwork();
  });
  afterEach(() => restoreNetwork());

  it('skips the service with providerOptions.ctxopt.disabled, and the model never sees ctxopt', async () => {
    const service = fakeService('/v1/compress', [compressReply('unused')]);
    const model = answeringModel('Runner 4.');
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: contextOptimizerMiddleware(options) }),
      messages: chatMessages(),
      providerOptions: { ctxopt: { disabled: true }, openai: { user: 'user-42' } },
    });

    expect(service.requests).toHaveLength(0);
    const call = model.doGenerateCalls[0]!;
    expect(call.providerOptions).toEqual({ openai: { user: 'user-42' } });
    expect(call.prompt.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(call.prompt[0]!.content).toEqual([{ type: 'text', text: HISTORY_USER }]);
    expect(result.providerMetadata?.ctxopt).toMatchObject({
      status: 'skipped',
      reason: 'disabled',
      inputTokens: 0,
      compressedTokens: 0,
      savedTokens: 0,
      reductionPct: 0,
    });
  });

  it('sends nothing below minTokens', async () => {
    const service = fakeService('/v1/compress', [compressReply('unused')]);
    const model = answeringModel('Fine.');
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: contextOptimizerMiddleware(options) }),
      messages: [
        { role: 'user', content: 'Hi there, a short note.' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'How are you?' },
      ],
    });
    await result.consumeStream();

    expect(service.requests).toHaveLength(0);
    expect(model.doStreamCalls[0]!.prompt).toHaveLength(3);
    expect((await result.providerMetadata)?.ctxopt).toMatchObject({
      status: 'skipped',
      reason: 'below-min-tokens',
    });
  });

  it('lets a call choose its own level over the default mode, and its own minTokens', async () => {
    const service = fakeService('/v1/compress', [compressReply('Runner 4 was slow.')]);
    await generateText({
      model: wrapLanguageModel({
        model: answeringModel('ok'),
        middleware: contextOptimizerMiddleware({
          ...options,
          mode: 'balanced',
          minTokens: 100_000,
        }),
      }),
      messages: chatMessages(),
      providerOptions: { ctxopt: { level: 'ultra', minTokens: 0 } },
    });

    expect(service.requests).toHaveLength(1);
    const body = service.requests[0]!.body as Record<string, unknown>;
    expect(body.level).toBe('ultra');
    expect(body).not.toHaveProperty('mode');
    expect(body.query).toBe(QUESTION);
  });

  it('keeps the original prompt when the service saves nothing', async () => {
    const service = fakeService('/v1/compress', [
      compressReply('same size', {
        compression: { status: 'unchanged' },
        usage: {
          request: { inputTokens: 900, compressedTokens: 900, savedTokens: 0, reductionPct: 0 },
          monthly: {
            limitTokens: 10,
            usedTokens: 1,
            remainingTokens: 9,
            resetsAt: '2026-12-01T00:00:00Z',
          },
        },
      }),
    ]);
    const model = answeringModel('ok');
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: contextOptimizerMiddleware(options) }),
      messages: chatMessages(),
    });
    expect(service.requests).toHaveLength(1);
    expect(model.doGenerateCalls[0]!.prompt).toHaveLength(3);
    expect(result.providerMetadata?.ctxopt).toMatchObject({
      status: 'skipped',
      reason: 'no-saving',
      spans: [{ kind: 'history', status: 'no-saving', inputTokens: 900, savedTokens: 0 }],
    });
  });

  it('rejects a broken per-call option with an error naming the field', async () => {
    const error = await generateText({
      model: wrapLanguageModel({
        model: answeringModel('ok'),
        middleware: contextOptimizerMiddleware(options),
      }),
      messages: chatMessages(),
      providerOptions: { ctxopt: { level: 'maximum' } },
    }).catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe('providerOptions.ctxopt.level');
    expect((error as Error).message).toBe(
      'providerOptions.ctxopt.level must be one of low, standard, ultra, auto (got "maximum").',
    );
  });

  it('rejects broken middleware options when it is created', () => {
    expect(() =>
      // @ts-expect-error level and mode together: the run-time check is what is tested
      contextOptimizerMiddleware({ ...options, level: 'low', mode: 'balanced' }),
    ).toThrow(
      'contextOptimizerMiddleware: mode must not be set together with level (set one of level or mode).',
    );
    expect(() => contextOptimizerMiddleware({ ...options, timeout: 0 })).toThrow(
      'contextOptimizerMiddleware: timeout must be an integer of at least 1 (got 0).',
    );
    expect(() =>
      contextOptimizerMiddleware({ ...options, strategy: 'summarize' as 'compress' }),
    ).toThrow(
      'contextOptimizerMiddleware: strategy must be one of compress, generate (got "summarize").',
    );
  });
});
