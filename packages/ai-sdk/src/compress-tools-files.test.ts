import { generateText, type ModelMessage, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPRESSED_CONTEXT_HEADER } from './compressed-message.ts';
import { contextOptimizerMiddleware } from './context-optimizer-middleware.ts';
import {
  chatMessages,
  HISTORY_ASSISTANT,
  HISTORY_USER,
  longText,
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
import { answeringModel, MODEL_USAGE } from './test-support/mock-model.ts';

const COMPRESSED = 'Builds got slower on runner 4.';
const compressedMessage = {
  role: 'user',
  content: [{ type: 'text', text: `${COMPRESSED_CONTEXT_HEADER}\n\n${COMPRESSED}` }],
};

describe('contextOptimizerMiddleware with tools and files', () => {
  let restoreNetwork: () => void;
  beforeEach(() => {
    restoreNetwork = isolateNetwork();
  });
  afterEach(() => restoreNetwork());

  it('keeps a tool call and its result paired in the next step of a tool loop', async () => {
    const service = fakeService('/v1/compress', [compressReply(COMPRESSED)]);
    let step = 0;
    const model = new MockLanguageModelV4({
      provider: 'openai.chat',
      modelId: 'gpt-4o-mini',
      doGenerate: async () => {
        step++;
        if (step === 1) {
          return {
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: 'runnerStats',
                input: JSON.stringify({ runner: 4 }),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage: MODEL_USAGE,
            warnings: [],
          };
        }
        return {
          content: [{ type: 'text', text: 'Runner 4, at 70 minutes.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: MODEL_USAGE,
          warnings: [],
        };
      },
    });

    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({ apiKey: API_KEY, baseURL: BASE_URL }),
      }),
      instructions: SYSTEM,
      messages: chatMessages(),
      tools: {
        runnerStats: tool({
          description: 'Build statistics of one runner',
          inputSchema: z.object({ runner: z.number() }),
          execute: async ({ runner }) => ({ runner, slowestMinutes: 70 }),
        }),
      },
      stopWhen: stepCountIs(3),
    });

    expect(result.text).toBe('Runner 4, at 70 minutes.');
    expect(model.doGenerateCalls).toHaveLength(2);
    const second = model.doGenerateCalls[1]!.prompt;
    expect(second.slice(0, 3)).toEqual([
      { role: 'system', content: SYSTEM },
      compressedMessage,
      { role: 'user', content: [{ type: 'text', text: QUESTION }] },
    ]);
    expect(second).toHaveLength(5);
    expect(second[3]).toMatchObject({
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'call-1', toolName: 'runnerStats', input: { runner: 4 } },
      ],
    });
    expect(second[4]).toMatchObject({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'runnerStats',
          output: { type: 'json', value: { runner: 4, slowestMinutes: 70 } },
        },
      ],
    });
    // Both steps sent the same history: it went to the service once, the second step reused it.
    expect(service.requests.map((request) => request.body)).toEqual([
      {
        context: [
          { role: 'user', content: HISTORY_USER },
          { role: 'assistant', content: HISTORY_ASSISTANT },
        ],
        query: QUESTION,
      },
    ]);
    expect(result.steps.map((entry) => entry.providerMetadata?.ctxopt?.status)).toEqual([
      'compressed',
      'compressed',
    ]);
  });

  it('keeps a message with a file part as it is and compresses the text around it', async () => {
    const image = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3, 4]);
    const messages: ModelMessage[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Here is the build graph.' },
          { type: 'file', data: image, mediaType: 'image/png' },
        ],
      },
      { role: 'assistant', content: HISTORY_ASSISTANT },
      { role: 'user', content: longText('the cache hit rate') },
      { role: 'assistant', content: HISTORY_USER },
      { role: 'user', content: QUESTION },
    ];
    const service = fakeService('/v1/compress', [compressReply(COMPRESSED)]);
    const model = answeringModel('Runner 4.');
    const wrapped = wrapLanguageModel({
      model,
      middleware: contextOptimizerMiddleware({ apiKey: API_KEY, baseURL: BASE_URL }),
    });

    await generateText({ model: wrapped, instructions: SYSTEM, messages });
    await generateText({
      model: wrapped,
      instructions: SYSTEM,
      messages,
      providerOptions: { ctxopt: { disabled: true } },
    });

    const [compressed, original] = model.doGenerateCalls.map((call) => call.prompt);
    expect(original).toHaveLength(6);
    expect(compressed).toEqual([original![0], original![1], compressedMessage, original![5]]);
    expect(compressed![1]!.content).toContainEqual(
      expect.objectContaining({ type: 'file', mediaType: 'image/png' }),
    );
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]!.body).toEqual({
      context: [
        { role: 'assistant', content: HISTORY_ASSISTANT },
        { role: 'user', content: longText('the cache hit rate') },
        { role: 'assistant', content: HISTORY_USER },
      ],
      query: QUESTION,
    });
  });
});
