// The AI SDK middleware and provider of the installed package through generateText: the SDK
// retries a 503 of /v1/generate, and errors arrive as the SDK's APICallError.
import assert from 'node:assert/strict';

const history = [
  { role: 'user', content: 'Refunds are issued within 14 days. '.repeat(30) },
  { role: 'assistant', content: 'Orders ship within two working days. '.repeat(30) },
  { role: 'user', content: 'How long do refunds take?' },
];

export async function check(load) {
  const { startEmulator } = await load('@ctxopt/local');
  const { contextOptimizerMiddleware, createContextOptimizer } = await load('@ctxopt/ai-sdk');
  const { generateText, wrapLanguageModel } = await load('ai');
  const { MockLanguageModelV4 } = await load('ai/test');
  const { APICallError } = await load('@ai-sdk/provider');

  const emulator = await startEmulator();
  try {
    const client = { baseURL: emulator.url, apiKey: emulator.apiKey };
    const ctxopt = createContextOptimizer(client);

    emulator.faults.failNext(1, { status: 503 });
    const result = await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      prompt: 'Summarise the refund policy.',
      maxRetries: 2,
    });
    assert.ok(result.text.length > 0);
    assert.deepEqual(
      emulator.requests.map((request) => [request.path, request.status]),
      [
        ['/v1/generate', 503],
        ['/v1/generate', 200],
      ],
    );

    emulator.faults.failNext(1, { status: 503 });
    const failed = await generateText({
      model: ctxopt('openai:gpt-4o-mini'),
      prompt: 'Summarise.',
      maxRetries: 0,
    }).catch((error) => error);
    assert.equal(APICallError.isInstance(failed), true, String(failed));
    assert.equal(failed.statusCode, 503);
    assert.equal(failed.isRetryable, true);

    const prompts = [];
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        prompts.push(options.prompt);
        return {
          content: [{ type: 'text', text: 'Within 14 days.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 4, text: 4, reasoning: undefined },
          },
          warnings: [],
        };
      },
    });
    const compressed = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({ ...client, minTokens: 0 }),
      }),
      messages: history,
    });
    assert.equal(compressed.text, 'Within 14 days.');
    assert.ok(compressed.providerMetadata.ctxopt.savedTokens > 0);
    assert.ok(JSON.stringify(prompts[0]).length < JSON.stringify(history).length);

    emulator.faults.failNext(1, { status: 503 });
    const thrown = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: contextOptimizerMiddleware({
          ...client,
          minTokens: 0,
          maxRetries: 0,
          onError: 'throw',
        }),
      }),
      messages: history,
      maxRetries: 0,
    }).catch((error) => error);
    assert.equal(APICallError.isInstance(thrown), true, String(thrown));
    assert.equal(thrown.statusCode, 503);
  } finally {
    await emulator.close();
  }
}
