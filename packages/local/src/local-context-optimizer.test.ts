import {
  APIUserAbortError,
  BadRequestError,
  compressResponseSchema,
  generateResponseSchema,
  IdempotencyConflictError,
  RateLimitError,
  RequestValidationError,
} from '@ctxopt/core';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_CONTEXT } from './emulator/testing/send.ts';
import { chatCompletion } from './emulator/testing/slow-provider.ts';
import { compressContext } from './engine/compress-context.ts';
import { countTokens } from './engine/tokenizer.ts';
import { LocalContextOptimizer } from './local-context-optimizer.ts';
import { isolateNetwork, provideOnce } from './providers/testing/provider-nock.ts';

const params = { context: LONG_CONTEXT, query: 'What is the capital of France?' };

describe('LocalContextOptimizer.compress', () => {
  it('resolves to the spec 2.3 body with the engine’s exact usage and the monthly quota', async () => {
    const optimizer = new LocalContextOptimizer({
      limitTokens: 5000,
      now: () => new Date('2025-03-09T10:00:00Z'),
    });
    const result = await optimizer.compress(params);
    const engine = compressContext(params);
    expect(result).toEqual({
      success: true,
      requestId: expect.stringMatching(/^req_[0-9a-f]{24}$/),
      data: { compressed: engine.compressed },
      compression: { status: 'compressed' },
      usage: {
        request: {
          inputTokens: countTokens(LONG_CONTEXT),
          compressedTokens: countTokens(engine.compressed),
          savedTokens: engine.savedTokens,
          reductionPct: engine.reductionPct,
        },
        monthly: {
          limitTokens: 5000,
          usedTokens: engine.inputTokens,
          remainingTokens: 5000 - engine.inputTokens,
          resetsAt: '2025-04-01T00:00:00.000Z',
        },
      },
    });
    expect(compressResponseSchema.strict().safeParse(result).success).toBe(true);
    expect(optimizer.usage().usedTokens).toBe(engine.inputTokens);
  });

  it('throws RequestValidationError naming the field, before doing anything', async () => {
    const optimizer = new LocalContextOptimizer();
    const failure = await optimizer
      // @ts-expect-error level and mode together: the run-time check is what is tested
      .compress({ context: 'x', level: 'low', mode: 'balanced' })
      .catch((error) => error);
    expect(RequestValidationError.isInstance(failure)).toBe(true);
    expect(failure.issues).toEqual([
      expect.objectContaining({ field: 'mode', rule: 'level_and_mode' }),
    ]);
    await expect(
      optimizer.compress({ context: Array(501).fill({ role: 'user', content: 'x' }) }),
    ).rejects.toMatchObject({ name: 'RequestValidationError', field: 'context' });
    expect(optimizer.usage().usedTokens).toBe(0);
  });

  it('checks an idempotencyKey like the client does', async () => {
    const optimizer = new LocalContextOptimizer();
    await expect(optimizer.compress(params, { idempotencyKey: 'short' })).rejects.toMatchObject({
      name: 'RequestValidationError',
      field: 'idempotencyKey',
    });
  });

  it('returns the same result for the same idempotencyKey, charged once, and 409 for other params', async () => {
    const optimizer = new LocalContextOptimizer();
    const first = await optimizer.compress(params, { idempotencyKey: 'local-operation-1' });
    const again = await optimizer.compress(params, { idempotencyKey: 'local-operation-1' });
    expect(again).toEqual(first);
    expect(optimizer.ledger.operations('local')).toBe(1);
    const failure = await optimizer
      .compress({ ...params, level: 'ultra' }, { idempotencyKey: 'local-operation-1' })
      .catch((error) => error);
    expect(IdempotencyConflictError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
  });

  it('throws RateLimitError quota_exceeded once the quota is used up', async () => {
    const optimizer = new LocalContextOptimizer({ limitTokens: 100 });
    await optimizer.compress(params);
    const failure = await optimizer.compress(params).catch((error) => error);
    expect(RateLimitError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      status: 429,
      code: 'quota_exceeded',
      requestId: expect.any(String),
    });
  });

  it('throws APIUserAbortError for a signal that already fired', async () => {
    const optimizer = new LocalContextOptimizer();
    await expect(optimizer.compress(params, { signal: AbortSignal.abort() })).rejects.toSatisfy(
      APIUserAbortError.isInstance,
    );
  });
});

describe('LocalContextOptimizer.generate', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('resolves to the spec 2.4 body, answered offline from the compressed context', async () => {
    const optimizer = new LocalContextOptimizer();
    const result = await optimizer.generate({
      ...params,
      provider: 'google',
      model: 'gemini-2.5-flash',
    });
    expect(generateResponseSchema.safeParse(result).success).toBe(true);
    expect(result.data.answer).toBe(
      'Based on the context: Paris is the capital of France and its largest city.',
    );
    expect(result.usage.provider).toEqual({
      provider: 'google',
      model: 'gemini-2.5-flash',
      inputTokens: expect.any(Number),
      outputTokens: countTokens(result.data.answer),
      totalTokens: result.usage.provider.inputTokens + countTokens(result.data.answer),
    });
    expect(result.usage.request.inputTokens).toBe(countTokens(LONG_CONTEXT));
  });

  it('calls a provider with a key through its HTTP adapter', async () => {
    restore = isolateNetwork();
    const provider = provideOnce(
      'https://api.openai.com',
      '/v1/chat/completions',
      200,
      chatCompletion('Paris.'),
    );
    const optimizer = new LocalContextOptimizer({ providerKeys: { openai: 'sk-local-test-1' } });
    const result = await optimizer.generate({
      ...params,
      provider: 'openai',
      model: 'gpt-4o-mini',
      maxOutputTokens: 64,
    });
    expect(provider.sent[0]!.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_completion_tokens: 64,
    });
    expect(result.data.answer).toBe('Paris.');
    expect(result.usage.provider.totalTokens).toBe(127);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('throws BadRequestError provider_not_configured for a provider without a key when offline is off', async () => {
    const optimizer = new LocalContextOptimizer({ offlineProviders: false });
    const failure = await optimizer
      .generate({ ...params, provider: 'anthropic', model: 'claude-haiku-4-5' })
      .catch((error) => error);
    expect(BadRequestError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 400, code: 'provider_not_configured', headers: {} });
    expect(optimizer.usage().usedTokens).toBe(0);
  });

  it('throws RequestValidationError for maxOutputTokens out of range', async () => {
    const optimizer = new LocalContextOptimizer();
    await expect(
      optimizer.generate({
        ...params,
        provider: 'openai',
        model: 'gpt-4o',
        maxOutputTokens: 40_000,
      }),
    ).rejects.toMatchObject({ name: 'RequestValidationError', field: 'maxOutputTokens' });
  });
});
