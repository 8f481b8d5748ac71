import { APICallError } from '@ai-sdk/provider';
import {
  type Emulator,
  LocalContextOptimizer,
  OFFLINE_ANSWER_PREFIX,
  startEmulator,
} from '@ctxopt/local';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompressedMessage } from './compressed-message.ts';
import { contextOptimizerMiddleware } from './context-optimizer-middleware.ts';
import { createContextOptimizer } from './context-optimizer-provider.ts';
import {
  chatMessages,
  HISTORY_ASSISTANT,
  HISTORY_USER,
  QUESTION,
  SYSTEM,
} from './test-support/conversation.ts';
import { answeringModel } from './test-support/mock-model.ts';

const history = [
  { role: 'user', content: HISTORY_USER },
  { role: 'assistant', content: HISTORY_ASSISTANT },
];

describe('end to end over HTTP against the emulator', () => {
  let emulator: Emulator;
  // The same engine in process: what the emulator must have answered for a given body.
  const reference = new LocalContextOptimizer();
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());

  const client = () => ({ apiKey: emulator.apiKey, baseURL: emulator.url });

  it('compresses the history and the model gets the compressed text (generateText)', async () => {
    const expected = await reference.compress({ context: history, query: QUESTION });
    const model = answeringModel('Runner 4.');
    const before = emulator.requestCount;
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: contextOptimizerMiddleware(client()) }),
      instructions: SYSTEM,
      messages: chatMessages(),
    });

    expect(emulator.requestCount - before).toBe(1);
    const record = emulator.requests.at(-1)!;
    expect(record).toMatchObject({ path: '/v1/compress', status: 200 });
    expect(model.doGenerateCalls[0]!.prompt).toEqual([
      { role: 'system', content: SYSTEM },
      createCompressedMessage(expected.data.compressed),
      { role: 'user', content: [{ type: 'text', text: QUESTION }] },
    ]);
    const ctxopt = result.providerMetadata?.ctxopt;
    expect(ctxopt).toMatchObject({
      requestId: record.requestId,
      status: expected.compression.status,
      ...expected.usage.request,
    });
    expect(expected.usage.request.savedTokens).toBeGreaterThan(0);
  });

  it('streams through the compress middleware (streamText)', async () => {
    const model = answeringModel('Runner 4 was the slowest.');
    const result = streamText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({ ...client(), level: 'ultra' }),
      }),
      instructions: SYSTEM,
      messages: chatMessages(),
    });
    expect(await result.text).toBe('Runner 4 was the slowest.');
    const expected = await reference.compress({
      context: history,
      query: QUESTION,
      level: 'ultra',
    });
    expect(model.doStreamCalls[0]!.prompt[1]).toEqual(
      createCompressedMessage(expected.data.compressed),
    );
    expect((await result.providerMetadata)?.ctxopt).toMatchObject(expected.usage.request);
  });

  it('answers with /v1/generate for the wrapped model in generate strategy', async () => {
    const expected = await reference.generate({
      context: [{ role: 'system', content: SYSTEM }, ...history],
      query: QUESTION,
      provider: 'openai',
      model: 'gpt-4o-mini',
      maxOutputTokens: 200,
    });
    const model = answeringModel('never used');
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({ ...client(), strategy: 'generate' }),
      }),
      instructions: SYSTEM,
      messages: chatMessages(),
      maxOutputTokens: 200,
    });

    expect(model.doGenerateCalls).toHaveLength(0);
    expect(emulator.requests.at(-1)).toMatchObject({ path: '/v1/generate', status: 200 });
    expect(result.text).toBe(expected.data.answer);
    expect(result.text.startsWith(OFFLINE_ANSWER_PREFIX)).toBe(true);
    expect(result.usage).toMatchObject({
      inputTokens: expected.usage.provider.inputTokens,
      outputTokens: expected.usage.provider.outputTokens,
    });
    expect(result.providerMetadata?.ctxopt).toMatchObject(expected.usage.request);
  });

  it('answers generateText and streamText through the provider', async () => {
    const ctxopt = createContextOptimizer(client());
    const body = { context: history, query: QUESTION, provider: 'anthropic', model: 'claude-x' };
    const expected = await reference.generate(body);

    const generated = await generateText({
      model: ctxopt('anthropic:claude-x'),
      messages: chatMessages(),
    });
    expect(generated.text).toBe(expected.data.answer);
    expect(generated.usage.inputTokens).toBe(expected.usage.provider.inputTokens);
    expect(generated.providerMetadata?.ctxopt?.requestId).toBe(emulator.requests.at(-1)!.requestId);

    const streamed = streamText({ model: ctxopt('anthropic:claude-x'), messages: chatMessages() });
    expect(await streamed.text).toBe(expected.data.answer);
    expect((await streamed.usage).outputTokens).toBe(expected.usage.provider.outputTokens);
  });

  it('fails open when the service answers 503, and when it is slower than the timeout', async () => {
    const model = answeringModel('Runner 4.');
    const wrapped = wrapLanguageModel({
      model,
      // Long enough for the 503 to arrive on a loaded machine, far below the slow answer.
      middleware: contextOptimizerMiddleware({ ...client(), timeout: 1_000, maxRetries: 0 }),
    });
    emulator.faults.failNext(1, { status: 503 });
    const failed = await generateText({ model: wrapped, messages: chatMessages() });
    emulator.faults.delayNext(1, 30_000);
    const slow = await generateText({ model: wrapped, messages: chatMessages() });

    expect(failed.providerMetadata?.ctxopt?.error).toMatchObject({
      status: 503,
      code: 'injected_fault',
    });
    expect(slow.providerMetadata?.ctxopt?.error).toMatchObject({
      name: 'APIConnectionTimeoutError',
    });
    for (const call of model.doGenerateCalls) {
      expect(call.prompt.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    }
  });

  it('reports an exhausted quota as a non-retryable APICallError from the provider', async () => {
    const small = await startEmulator({ limitTokens: 10 });
    try {
      const ctxopt = createContextOptimizer({ apiKey: small.apiKey, baseURL: small.url });
      await generateText({ model: ctxopt('openai:gpt-4o-mini'), messages: chatMessages() });
      const error = await generateText({
        model: ctxopt('openai:gpt-4o-mini'),
        messages: chatMessages(),
      }).catch((caught: unknown) => caught);
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        statusCode: 429,
        isRetryable: false,
        data: { code: 'quota_exceeded' },
      });
      expect(JSON.stringify(error)).not.toContain(small.apiKey);
    } finally {
      await small.close();
    }
  });

  it('takes a LocalContextOptimizer in process as its optimizer', async () => {
    const expected = await reference.compress({ context: history, query: QUESTION });
    const model = answeringModel('Runner 4.');
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() }),
      }),
      messages: chatMessages(),
    });
    expect(model.doGenerateCalls[0]!.prompt[0]).toEqual(
      createCompressedMessage(expected.data.compressed),
    );
    expect(result.providerMetadata?.ctxopt).toMatchObject(expected.usage.request);
  });
});
