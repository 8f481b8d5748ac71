import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContextOptimizerRunnable } from './context-optimizer-runnable.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import {
  API_KEY,
  clientOptions,
  compressBody,
  errorBody,
  fakeService,
  isolateNetwork,
} from './test-support/fake-service.ts';
import { RecordingChatModel } from './test-support/recording-chat-model.ts';
import {
  expectedSpanContext,
  QUESTION,
  SYSTEM_PROMPT,
  supportHistory,
} from './test-support/support-conversation.ts';

const prompt = ChatPromptTemplate.fromMessages([
  ['system', SYSTEM_PROMPT],
  new MessagesPlaceholder('history'),
  ['human', '{question}'],
]);

function describeMessages(messages: BaseMessage[]) {
  return messages.map((message) => ({
    type: message.getType(),
    id: message.id,
    name: message.name,
    content: message.content,
    ...(AIMessage.isInstance(message) ? { tool_calls: message.tool_calls } : {}),
    ...(ToolMessage.isInstance(message) ? { tool_call_id: message.tool_call_id } : {}),
  }));
}

describe('ContextOptimizerRunnable in prompt | optimizer | model (nock)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = isolateNetwork();
  });
  afterEach(() => restore());

  it('sends the compressible span with the last human message as query, and the model gets the compressed conversation', async () => {
    const service = fakeService('/v1/compress', [
      {
        status: 200,
        body: compressBody('Order 1234 lost by ParcelCo; claim C-77 opened.', {
          requestId: 'req_chain',
        }),
      },
    ]);
    const model = new RecordingChatModel([new AIMessage('Yes, a refund is possible.')]);
    const recorder = new EventRecorder();
    const chain = prompt
      .pipe(
        new ContextOptimizerRunnable({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
          level: 'standard',
        }),
      )
      .pipe(model);
    const history = supportHistory();

    const answer = await chain.invoke({ history, question: QUESTION }, { callbacks: [recorder] });

    expect(answer.content).toBe('Yes, a refund is possible.');
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]!.body).toEqual({
      context: expectedSpanContext,
      query: QUESTION,
      level: 'standard',
    });
    expect(model.calls).toHaveLength(1);
    const seen = model.calls[0]!;
    // The image message and what follows it are the very objects of the input.
    expect(seen[2]).toBe(history[5]);
    expect(seen[3]).toBe(history[6]);
    expect(describeMessages(seen)).toEqual([
      { type: 'system', id: undefined, name: undefined, content: SYSTEM_PROMPT },
      {
        type: 'human',
        id: 'ctxopt-req_chain',
        name: undefined,
        content:
          'Earlier conversation (compressed):\n\nOrder 1234 lost by ParcelCo; claim C-77 opened.',
      },
      { type: 'human', id: 'h2', name: 'customer', content: history[5]!.content },
      {
        type: 'ai',
        id: 'a4',
        name: undefined,
        content: 'Thanks, the label matches the order.',
        tool_calls: [],
      },
      { type: 'human', id: undefined, name: undefined, content: QUESTION },
    ]);
    expect(recorder.chatModelStarts).toEqual([seen]);
    expect(recorder.events('ctxopt_usage')).toMatchObject([
      {
        source: 'runnable',
        requestId: 'req_chain',
        status: 'compressed',
        inputTokens: 400,
        compressedTokens: 12,
        savedTokens: 388,
        reductionPct: 97,
        monthly: {
          limitTokens: 1_000_000,
          usedTokens: 5_000,
          remainingTokens: 995_000,
          resetsAt: '2026-12-01T00:00:00.000Z',
        },
      },
    ]);
  });

  it('keeps an unfinished tool cycle after the last human message and the protected tail as they are', async () => {
    const service = fakeService('/v1/compress', [
      { status: 200, body: compressBody('Order 1234 was lost.') },
    ]);
    const optimizer = new ContextOptimizerRunnable({
      ...clientOptions,
      minTokens: 0,
      toolResults: { keepLast: 0 },
      keep: { messages: 4 },
    });
    const history = supportHistory();
    const call = new AIMessage({
      id: 'a5',
      content: '',
      tool_calls: [{ id: 'call_2', name: 'refund_policy', args: { orderId: '1234' } }],
    });
    const result = new ToolMessage({
      id: 't2',
      tool_call_id: 'call_2',
      content: 'Refunds allowed.',
    });
    const question = new HumanMessage({ id: 'h3', content: QUESTION });

    const output = await optimizer.invoke([...history, question, call, result]);

    // The last four messages (a4, h3, a5, t2) are protected; h2 has an image.
    expect(service.requests[0]!.body.context).toEqual(expectedSpanContext);
    expect(output.slice(1)).toEqual([history[5], history[6], question, call, result]);
    expect(output[0]!.content).toBe('Earlier conversation (compressed):\n\nOrder 1234 was lost.');
  });

  it('sends nothing when the span is below minTokens (500 estimated tokens by default)', async () => {
    const service = fakeService('/v1/compress', [{ status: 200, body: compressBody('unused') }]);
    const messages = [...supportHistory(), new HumanMessage(QUESTION)];
    for (const optimizer of [
      new ContextOptimizerRunnable({ ...clientOptions, minTokens: 10_000 }),
      new ContextOptimizerRunnable({ ...clientOptions }),
    ]) {
      const output = await optimizer.invoke(messages);
      expect(output).toEqual(messages);
      for (const [index, message] of output.entries()) expect(message).toBe(messages[index]);
    }
    expect(service.requests).toHaveLength(0);
  });

  it('falls open when the service answers 503: the model gets the original messages and ctxopt_error fires', async () => {
    fakeService('/v1/compress', [
      { status: 503, body: errorBody('overloaded', 'Service overloaded', 'req_down') },
    ]);
    const model = new RecordingChatModel([new AIMessage('Answer from the full history.')]);
    const recorder = new EventRecorder();
    const chain = prompt
      .pipe(
        new ContextOptimizerRunnable({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
        }),
      )
      .pipe(model);
    const history = supportHistory();

    const answer = await chain.invoke({ history, question: QUESTION }, { callbacks: [recorder] });

    expect(answer.content).toBe('Answer from the full history.');
    const seen = model.calls[0]!;
    expect(seen).toHaveLength(history.length + 2);
    expect(seen.slice(1, -1)).toEqual(history);
    for (const [index, message] of seen.slice(1, -1).entries()) {
      expect(message).toBe(history[index]);
    }
    expect(recorder.events('ctxopt_usage')).toEqual([]);
    expect(recorder.events('ctxopt_error')).toEqual([
      {
        source: 'runnable',
        name: 'InternalServerError',
        code: 'overloaded',
        status: 503,
        requestId: 'req_down',
        message:
          'POST /v1/compress failed with 503 overloaded: Service overloaded (requestId req_down)',
      },
    ]);
    expect(JSON.stringify(recorder.customEvents)).not.toContain(API_KEY);
  });

  it("propagates the failure with onError: 'throw'", async () => {
    fakeService('/v1/compress', [{ status: 503, body: errorBody('overloaded', 'Overloaded') }]);
    const model = new RecordingChatModel([new AIMessage('never')]);
    const chain = prompt
      .pipe(
        new ContextOptimizerRunnable({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
          onError: 'throw',
        }),
      )
      .pipe(model);

    await expect(
      chain.invoke({ history: supportHistory(), question: QUESTION }),
    ).rejects.toMatchObject({ name: 'InternalServerError', status: 503 });
    expect(model.calls).toEqual([]);
  });

  it('shows ctxopt_usage as on_custom_event in streamEvents', async () => {
    fakeService('/v1/compress', [
      {
        status: 200,
        body: compressBody('Lost parcel, claim opened.', { requestId: 'req_stream' }),
      },
    ]);
    const model = new RecordingChatModel([new AIMessage('Streaming answer.')]);
    const chain = prompt
      .pipe(
        new ContextOptimizerRunnable({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
        }),
      )
      .pipe(model);

    const custom = [];
    for await (const event of chain.streamEvents(
      { history: supportHistory(), question: QUESTION },
      { version: 'v2' },
    )) {
      if (event.event === 'on_custom_event') custom.push(event);
    }

    expect(custom).toHaveLength(1);
    expect(custom[0]).toMatchObject({
      event: 'on_custom_event',
      name: 'ctxopt_usage',
      data: { requestId: 'req_stream', source: 'runnable', status: 'compressed' },
    });
  });

  it('refuses level and mode together at construction', () => {
    expect(
      () =>
        new ContextOptimizerRunnable({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
          level: 'ultra',
          // @ts-expect-error level and mode together: the run-time check is what is tested
          mode: 'conservative',
        }),
    ).toThrow('ContextOptimizerRunnable: mode must not be set together with level');
  });
});
