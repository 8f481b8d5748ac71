import { countTokens, LocalContextOptimizer } from '@ctxopt/local';
import { AIMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { afterEach, describe, expect, it } from 'vitest';
import { ContextOptimizerRunnable } from './context-optimizer-runnable.ts';
import { toPlannerMessages } from './message-mapping.ts';
import { emulatorClient, emulatorFixture } from './test-support/emulator-setup.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import { longSupportHistory, SUPPORT_QUESTION } from './test-support/long-texts.ts';
import { RecordingChatModel } from './test-support/recording-chat-model.ts';

const fixture = emulatorFixture();
afterEach(() => fixture.closeAll());

const SYSTEM = 'You are the support agent of an outdoor shop.';
const prompt = ChatPromptTemplate.fromMessages([
  ['system', SYSTEM],
  new MessagesPlaceholder('history'),
  ['human', '{question}'],
]);

/** What the same engine, in process, makes of the history's span. */
async function expectedCompression(level: 'standard' | 'low') {
  const context = toPlannerMessages(longSupportHistory()).map((message) => ({
    role: message.role,
    content: message.text,
  }));
  const result = await new LocalContextOptimizer().compress({
    context,
    query: SUPPORT_QUESTION,
    level,
  });
  return result.data.compressed;
}

describe('ContextOptimizerRunnable end to end (emulator over HTTP)', () => {
  it('the model receives the system prompt, one compressed message and the question', async () => {
    const emulator = await fixture.start();
    const model = new RecordingChatModel([new AIMessage('Refunds take up to 14 days.')]);
    const recorder = new EventRecorder();
    const chain = prompt
      .pipe(
        new ContextOptimizerRunnable({
          ...emulatorClient(emulator),
          minTokens: 0,
          toolResults: { keepLast: 0 },
          level: 'standard',
        }),
      )
      .pipe(model);

    const answer = await chain.invoke(
      { history: longSupportHistory(), question: SUPPORT_QUESTION },
      { callbacks: [recorder] },
    );

    expect(answer.content).toBe('Refunds take up to 14 days.');
    const compressed = await expectedCompression('standard');
    const [seen] = model.calls;
    expect(seen!.map((message) => [message.getType(), message.text])).toEqual([
      ['system', SYSTEM],
      ['human', `Earlier conversation (compressed):\n\n${compressed}`],
      ['human', SUPPORT_QUESTION],
    ]);
    expect(seen![1]!.id).toBe(`ctxopt-${emulator.requests[0]!.requestId}`);
    const [usage] = recorder.events('ctxopt_usage');
    expect(usage).toMatchObject({
      source: 'runnable',
      requestId: emulator.requests[0]!.requestId,
      status: 'compressed',
      compressedTokens: countTokens(compressed),
    });
    expect(usage!.savedTokens).toBe(
      (usage!.inputTokens as number) - (usage!.compressedTokens as number),
    );
    expect(usage!.monthly).toMatchObject({
      usedTokens: emulator.ledger.usedTokens(emulator.apiKey),
    });
  });

  it('streamEvents shows ctxopt_usage as on_custom_event', async () => {
    const emulator = await fixture.start();
    const chain = prompt
      .pipe(
        new ContextOptimizerRunnable({
          ...emulatorClient(emulator),
          minTokens: 0,
          toolResults: { keepLast: 0 },
        }),
      )
      .pipe(new RecordingChatModel([new AIMessage('ok')]));

    const names: string[] = [];
    for await (const event of chain.streamEvents(
      { history: longSupportHistory(), question: SUPPORT_QUESTION },
      { version: 'v2' },
    )) {
      if (event.event === 'on_custom_event') {
        names.push(`${event.name}:${(event.data as { requestId: string }).requestId}`);
      }
    }

    expect(names).toEqual([`ctxopt_usage:${emulator.requests[0]!.requestId}`]);
  });

  it('falls open when nothing listens: the model gets the original history and ctxopt_error fires', async () => {
    const model = new RecordingChatModel([new AIMessage('Answered from the full history.')]);
    const recorder = new EventRecorder();
    const baseURL = await fixture.closedURL();
    const chain = prompt
      .pipe(
        new ContextOptimizerRunnable({
          baseURL,
          apiKey: 'sk-local-test',
          maxRetries: 0,
          minTokens: 0,
          toolResults: { keepLast: 0 },
        }),
      )
      .pipe(model);
    const history = longSupportHistory();

    const answer = await chain.invoke(
      { history, question: SUPPORT_QUESTION },
      { callbacks: [recorder] },
    );

    expect(answer.content).toBe('Answered from the full history.');
    expect(model.calls[0]!.slice(1, -1)).toEqual(history);
    expect(recorder.events('ctxopt_error')).toEqual([
      {
        source: 'runnable',
        name: 'APIConnectionError',
        message: expect.stringContaining('POST /v1/compress failed to connect'),
      },
    ]);
    expect(JSON.stringify(recorder.customEvents)).not.toContain('sk-local-test');
  });

  it("onError: 'throw' propagates the emulator's error and the model is never called", async () => {
    const emulator = await fixture.start();
    emulator.faults.failNext(1, { status: 503, code: 'maintenance' });
    const model = new RecordingChatModel([new AIMessage('never')]);
    const chain = prompt
      .pipe(
        new ContextOptimizerRunnable({
          ...emulatorClient(emulator),
          minTokens: 0,
          toolResults: { keepLast: 0 },
          onError: 'throw',
        }),
      )
      .pipe(model);

    await expect(
      chain.invoke({ history: longSupportHistory(), question: SUPPORT_QUESTION }),
    ).rejects.toMatchObject({ status: 503, code: 'maintenance' });
    expect(model.calls).toEqual([]);
  });
});
