import { APICallError } from '@ai-sdk/provider';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPRESSED_CONTEXT_HEADER } from './compressed-message.ts';
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
  compressReply,
  fakeService,
  isolateNetwork,
} from './test-support/fake-service.ts';
import { answeringModel } from './test-support/mock-model.ts';
import type { ContextOptimizerUsage } from './usage-metadata.ts';

const COMPRESSED = 'Runner 4 had the slowest build: build 413 took 70 minutes.';

const expectedUsage = {
  requestId: 'req_compress_1',
  status: 'compressed',
  inputTokens: 1210,
  compressedTokens: 64,
  savedTokens: 1146,
  reductionPct: 94.71,
  monthly: {
    limitTokens: 1_000_000,
    usedTokens: 1210,
    remainingTokens: 998_790,
    resetsAt: '2026-12-01T00:00:00.000Z',
  },
};

/** The prompt the wrapped model must receive for `chatMessages()` with `SYSTEM`. */
const compressedPrompt = [
  { role: 'system', content: SYSTEM },
  {
    role: 'user',
    content: [{ type: 'text', text: `${COMPRESSED_CONTEXT_HEADER}\n\n${COMPRESSED}` }],
  },
  { role: 'user', content: [{ type: 'text', text: QUESTION }] },
];

describe('contextOptimizerMiddleware, compress strategy', () => {
  let restoreNetwork: () => void;
  beforeEach(() => {
    restoreNetwork = isolateNetwork();
  });
  afterEach(() => restoreNetwork());

  it('sends the history to /v1/compress and the model gets the compressed prompt (generateText)', async () => {
    const service = fakeService('/v1/compress', [compressReply(COMPRESSED)]);
    const usages: ContextOptimizerUsage[] = [];
    const model = answeringModel('Runner 4.');
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({
          apiKey: API_KEY,
          baseURL: BASE_URL,
          level: 'standard',
          onUsage: (usage) => usages.push(usage),
        }),
      }),
      instructions: SYSTEM,
      messages: chatMessages(),
    });

    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]!.body).toEqual({
      context: [
        { role: 'user', content: HISTORY_USER },
        { role: 'assistant', content: HISTORY_ASSISTANT },
      ],
      query: QUESTION,
      level: 'standard',
    });
    expect(service.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(model.doGenerateCalls[0]!.prompt).toEqual(compressedPrompt);
    expect(result.text).toBe('Runner 4.');
    expect(result.providerMetadata?.ctxopt).toMatchObject(expectedUsage);
    expect(usages).toMatchObject([expectedUsage]);
    expect(result.usage.inputTokens).toBe(120);
    expect(result.usage.outputTokens).toBe(9);
  });

  it('compresses stream calls the same way and puts the usage on the finish part (streamText)', async () => {
    const service = fakeService('/v1/compress', [compressReply(COMPRESSED)]);
    const model = answeringModel('Runner 4 was the slowest.');
    const result = streamText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({ apiKey: API_KEY, baseURL: BASE_URL }),
      }),
      instructions: SYSTEM,
      messages: chatMessages(),
    });

    const chunks: string[] = [];
    for await (const delta of result.textStream) chunks.push(delta);
    expect(chunks.join('')).toBe('Runner 4 was the slowest.');
    expect(chunks.length).toBeGreaterThan(1);
    expect(service.requests).toHaveLength(1);
    expect(model.doStreamCalls[0]!.prompt).toEqual(compressedPrompt);
    expect((await result.providerMetadata)?.ctxopt).toMatchObject(expectedUsage);
    expect((await result.usage).inputTokens).toBe(120);
  });

  it('reuses the compression when the SDK retries a failed model call', async () => {
    const service = fakeService('/v1/compress', [compressReply(COMPRESSED)]);
    const answering = answeringModel('Runner 4.');
    let calls = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        calls++;
        if (calls === 1) {
          throw new APICallError({
            message: 'model overloaded',
            url: 'https://model.test/v1/chat',
            requestBodyValues: {},
            statusCode: 529,
            responseHeaders: { 'retry-after-ms': '1' },
            isRetryable: true,
          });
        }
        return answering.doGenerate(options);
      },
    });
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({ apiKey: API_KEY, baseURL: BASE_URL }),
      }),
      instructions: SYSTEM,
      messages: chatMessages(),
      maxRetries: 1,
    });

    expect(result.text).toBe('Runner 4.');
    expect(service.requests).toHaveLength(1);
    expect(model.doGenerateCalls.map((call) => call.prompt)).toEqual([
      compressedPrompt,
      compressedPrompt,
    ]);
    expect(result.providerMetadata?.ctxopt).toMatchObject(expectedUsage);
  });
});
