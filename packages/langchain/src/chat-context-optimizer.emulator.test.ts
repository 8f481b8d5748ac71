import { ChatContextOptimizer, type GenerateResponseMetadata } from '@ctxopt/langchain';
import { type Emulator, OFFLINE_ANSWER_PREFIX } from '@ctxopt/local';
import { type AIMessageChunk, HumanMessage, SystemMessage } from '@langchain/core/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorClient, emulatorFixture } from './test-support/emulator-setup.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import { policyDocuments, REFUND_QUESTION } from './test-support/long-texts.ts';

const fixture = emulatorFixture();
afterEach(() => fixture.closeAll());

const conversation = [
  new SystemMessage('Answer from the help pages below.'),
  ...policyDocuments.map((doc) => new HumanMessage(doc.pageContent)),
  new HumanMessage(REFUND_QUESTION),
];

function chat(emulator: { url: string; apiKey: string }) {
  return new ChatContextOptimizer({
    ...emulatorClient(emulator),
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    maxOutputTokens: 200,
    mode: 'balanced',
  });
}

describe('ChatContextOptimizer end to end (emulator, offline provider)', () => {
  it('invoke answers with usage and response metadata the emulator reported', async () => {
    const emulator = await fixture.start();
    const recorder = new EventRecorder();

    const answer = await chat(emulator).invoke(conversation, { callbacks: [recorder] });

    expect(answer.text.startsWith(OFFLINE_ANSWER_PREFIX)).toBe(true);
    expect(answer.text).toContain('refund');
    const usage = answer.usage_metadata!;
    expect(usage.total_tokens).toBe(usage.input_tokens + usage.output_tokens);
    expect(usage.output_tokens).toBeGreaterThan(0);
    const metadata = answer.response_metadata as unknown as GenerateResponseMetadata;
    expect(metadata).toMatchObject({
      requestId: emulator.requests[0]!.requestId,
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      ctxopt: { status: 'compressed' },
    });
    expect(metadata.ctxopt.compressedTokens).toBeLessThan(metadata.ctxopt.inputTokens);
    expect(recorder.llmEnds[0]!.llmOutput!.tokenUsage).toEqual({
      promptTokens: usage.input_tokens,
      completionTokens: usage.output_tokens,
      totalTokens: usage.total_tokens,
    });
    expect(recorder.events('ctxopt_usage')).toMatchObject([
      { source: 'chat_model', requestId: metadata.requestId },
    ]);
  });

  it('stream and batch give the same deterministic answer as invoke', async () => {
    const emulator = await fixture.start();
    const model = chat(emulator);
    const invoked = await model.invoke(conversation);

    const chunks: AIMessageChunk[] = [];
    for await (const chunk of await model.stream(conversation)) chunks.push(chunk);
    const batched = await model.batch([conversation, [new HumanMessage('Hello?')]]);

    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((chunk) => chunk.content).join('')).toBe(invoked.text);
    expect(chunks.at(-1)!.usage_metadata).toEqual(invoked.usage_metadata);
    expect(batched[0]!.text).toBe(invoked.text);
    expect(batched[1]!.text.length).toBeGreaterThan(0);
    expect(emulator.requests).toHaveLength(4);
  });

  it('propagates an emulator failure', async () => {
    const emulator = await fixture.start();
    emulator.faults.failNext(1, { status: 503, code: 'provider_down' });
    const error = await chat(emulator)
      .invoke(conversation)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'InternalServerError',
      code: 'provider_down',
      requestId: emulator.requests[0]!.requestId,
    });
  });
});

const generateCalls = (emulator: Emulator) =>
  emulator.requests.filter((entry) => entry.path === '/v1/generate');

describe('ChatContextOptimizer retried by withRetry()', () => {
  it('sends the failed attempt’s Idempotency-Key again, so the call is one operation', async () => {
    const emulator = await fixture.start();
    emulator.faults.failNext(1, { status: 503, headers: { 'retry-after': '0' } });

    const answer = await chat(emulator).withRetry({ stopAfterAttempt: 3 }).invoke(conversation);

    expect(answer.text.length).toBeGreaterThan(0);
    const [failed, retried] = generateCalls(emulator);
    expect(failed).toMatchObject({ status: 503 });
    expect(retried).toMatchObject({ status: 200 });
    expect(retried!.idempotencyKey).toBe(failed!.idempotencyKey);
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(1);
  });

  it('gives two separate identical calls keys of their own', async () => {
    const emulator = await fixture.start();
    const model = chat(emulator);

    await model.invoke(conversation);
    await model.invoke(conversation);

    const [first, second] = generateCalls(emulator);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(second).toMatchObject({ status: 200, replayed: false });
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(2);
  });

  it('does not carry a key over a failure that a retry cannot fix', async () => {
    const emulator = await fixture.start();
    emulator.faults.failNext(1, { status: 400, code: 'invalid_request' });
    const model = chat(emulator);

    await expect(model.invoke(conversation)).rejects.toMatchObject({ status: 400 });
    await model.invoke(conversation);

    const [refused, next] = generateCalls(emulator);
    expect(next!.idempotencyKey).not.toBe(refused!.idempotencyKey);
  });
});
