import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextOptimizerMiddleware } from './context-optimizer-middleware.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import {
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

const prices: Record<string, number> = { '1234': 49.9 };

const refundQuote = tool(
  async ({ orderId }: { orderId: string }) =>
    `Order ${orderId} is eligible for a refund of ${prices[orderId]!.toFixed(2)} EUR.`,
  {
    name: 'refund_quote',
    description: 'How much of an order can be refunded.',
    schema: z.object({ orderId: z.string() }),
  },
);
const issueRefund = tool(
  async ({ orderId, amount }: { orderId: string; amount: number }) =>
    `Refund R-${orderId} issued for ${amount.toFixed(2)} EUR.`,
  {
    name: 'issue_refund',
    description: 'Issues a refund.',
    schema: z.object({ orderId: z.string(), amount: z.number() }),
  },
);

/** Two tool rounds, then the answer. */
function scriptedModel() {
  return new RecordingChatModel([
    new AIMessage({
      content: '',
      tool_calls: [{ id: 'call_q', name: 'refund_quote', args: { orderId: '1234' } }],
    }),
    new AIMessage({
      content: '',
      tool_calls: [{ id: 'call_r', name: 'issue_refund', args: { orderId: '1234', amount: 49.9 } }],
    }),
    new AIMessage('Done: refund R-1234 of 49.90 EUR is on its way.'),
  ]);
}

function summary(messages: BaseMessage[]) {
  return messages.map((message) => `${message.getType()}:${message.id ?? '-'}:${message.text}`);
}

const compressedText = 'Order 1234 lost by ParcelCo; claim C-77 opened.';
const compressedLine = `human:ctxopt-req_agent:Earlier conversation (compressed):\n\n${compressedText}`;

describe('contextOptimizerMiddleware in createAgent (nock)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = isolateNetwork();
  });
  afterEach(() => restore());

  it('the model sees the compressed conversation on every step; the state keeps the originals', async () => {
    const reply = { status: 200, body: compressBody(compressedText, { requestId: 'req_agent' }) };
    const service = fakeService('/v1/compress', [reply]);
    const model = scriptedModel();
    const recorder = new EventRecorder();
    const agent = createAgent({
      model,
      tools: [refundQuote, issueRefund],
      systemPrompt: SYSTEM_PROMPT,
      middleware: [
        contextOptimizerMiddleware({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
          mode: 'balanced',
        }),
      ],
    });
    const history = supportHistory();
    const question = new HumanMessage({ id: 'q1', content: QUESTION });

    const result = await agent.invoke(
      { messages: [...history, question] },
      { callbacks: [recorder] },
    );

    // The span and the question are the same on every step: one call serves all three.
    expect(service.requests.map((request) => request.body)).toEqual([
      { context: expectedSpanContext, query: QUESTION, mode: 'balanced' },
    ]);
    expect(model.boundTools[0]).toEqual(['refund_quote', 'issue_refund']);
    expect(model.calls).toHaveLength(3);
    const head = [
      `system:-:${SYSTEM_PROMPT}`,
      compressedLine,
      'human:h2:Here is the photo of the shipping label.',
      'ai:a4:Thanks, the label matches the order.',
      `human:q1:${QUESTION}`,
    ];
    expect(summary(model.calls[0]!)).toEqual(head);
    const second = model.calls[1]!;
    expect(summary(second).slice(0, 5)).toEqual(head);
    expect(second).toHaveLength(7);
    expect((second[5] as AIMessage).tool_calls?.[0]).toMatchObject({ id: 'call_q' });
    expect(second[6]).toBeInstanceOf(ToolMessage);
    expect(second[6]!.content).toBe('Order 1234 is eligible for a refund of 49.90 EUR.');
    const third = model.calls[2]!;
    expect(summary(third).slice(0, 5)).toEqual(head);
    expect(third).toHaveLength(9);
    expect((third[8] as ToolMessage).tool_call_id).toBe('call_r');
    expect(third[8]!.content).toBe('Refund R-1234 issued for 49.90 EUR.');
    // The image part reached the model untouched.
    expect(model.calls[0]![2]!.content).toEqual(history[5]!.content);

    const kept = result.messages;
    expect(kept.slice(0, 8).map((message) => message.id)).toEqual([
      'h1',
      'a1',
      'a2',
      't1',
      'a3',
      'h2',
      'a4',
      'q1',
    ]);
    expect(kept.slice(0, 7).map((message) => message.content)).toEqual(
      history.map((message) => message.content),
    );
    expect(kept).toHaveLength(13);
    expect(kept.some((message) => message.text.includes('Earlier conversation'))).toBe(false);
    expect(kept.at(-1)!.text).toBe('Done: refund R-1234 of 49.90 EUR is on its way.');
    // Each step reports the compression it used; only the first made a call.
    const usages = recorder.events('ctxopt_usage');
    expect(usages.map((event) => event.requestId)).toEqual(['req_agent', 'req_agent', 'req_agent']);
    expect(usages.map((event) => event.calls)).toEqual([1, 0, 0]);
    expect(recorder.events('ctxopt_usage')[0]).toMatchObject({ source: 'middleware' });
  });

  it('with cacheSize 0 compresses again on every step', async () => {
    const reply = { status: 200, body: compressBody(compressedText, { requestId: 'req_agent' }) };
    const service = fakeService('/v1/compress', [reply, reply, reply]);
    const model = scriptedModel();
    const agent = createAgent({
      model,
      tools: [refundQuote, issueRefund],
      middleware: [
        contextOptimizerMiddleware({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
          cacheSize: 0,
        }),
      ],
    });

    await agent.invoke({ messages: [...supportHistory(), new HumanMessage(QUESTION)] });

    expect(service.requests.map((request) => request.body)).toEqual([
      { context: expectedSpanContext, query: QUESTION },
      { context: expectedSpanContext, query: QUESTION },
      { context: expectedSpanContext, query: QUESTION },
    ]);
    for (const call of model.calls) expect(call[0]!.text).toContain(compressedText);
  });

  it('falls open when the service is down: the model sees the originals and ctxopt_error fires', async () => {
    const down = {
      status: 503,
      body: errorBody('unavailable', 'Down for maintenance', 'req_down'),
    };
    fakeService('/v1/compress', [down, down, down]);
    const model = scriptedModel();
    const recorder = new EventRecorder();
    const agent = createAgent({
      model,
      tools: [refundQuote, issueRefund],
      middleware: [
        contextOptimizerMiddleware({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
        }),
      ],
    });
    const input = [...supportHistory(), new HumanMessage({ id: 'q1', content: QUESTION })];

    const result = await agent.invoke({ messages: input }, { callbacks: [recorder] });

    expect(model.calls).toHaveLength(3);
    expect(summary(model.calls[0]!)).toEqual(summary(input));
    expect(model.calls[0]![5]!.content).toEqual(input[5]!.content);
    expect(result.messages.at(-1)!.text).toBe('Done: refund R-1234 of 49.90 EUR is on its way.');
    const errors = recorder.events('ctxopt_error');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({
      source: 'middleware',
      name: 'InternalServerError',
      status: 503,
      code: 'unavailable',
      requestId: 'req_down',
    });
  });

  it("stops the agent with the service's error when onError is 'throw'", async () => {
    fakeService('/v1/compress', [{ status: 503, body: errorBody('unavailable', 'Down') }]);
    const model = scriptedModel();
    const agent = createAgent({
      model,
      tools: [refundQuote, issueRefund],
      middleware: [
        contextOptimizerMiddleware({
          ...clientOptions,
          minTokens: 0,
          toolResults: { keepLast: 0 },
          onError: 'throw',
        }),
      ],
    });

    await expect(
      agent.invoke({ messages: [...supportHistory(), new HumanMessage(QUESTION)] }),
    ).rejects.toThrow('POST /v1/compress failed with 503 unavailable: Down');
    expect(model.calls).toEqual([]);
  });
});
