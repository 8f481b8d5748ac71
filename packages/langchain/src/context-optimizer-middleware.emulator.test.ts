import { LocalContextOptimizer } from '@ctxopt/local';
import { AIMessage, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contextOptimizerMiddleware } from './context-optimizer-middleware.ts';
import { toPlannerMessages } from './message-mapping.ts';
import { emulatorClient, emulatorFixture } from './test-support/emulator-setup.ts';
import { longSupportHistory, SUPPORT_QUESTION } from './test-support/long-texts.ts';
import { RecordingChatModel } from './test-support/recording-chat-model.ts';

const fixture = emulatorFixture();
afterEach(() => fixture.closeAll());

const orders: Record<string, { total: number; paidWith: string }> = {
  '5521': { total: 129.95, paidWith: 'card ending 4242' },
};
const refundQuote = tool(
  async ({ orderId }: { orderId: string }) => {
    const order = orders[orderId];
    return order
      ? `Order ${orderId}: ${order.total.toFixed(2)} EUR refundable to ${order.paidWith}.`
      : `No order ${orderId}.`;
  },
  {
    name: 'refund_quote',
    description: 'What can be refunded for an order, and where the money goes.',
    schema: z.object({ orderId: z.string() }),
  },
);
const issueRefund = tool(
  async ({ orderId }: { orderId: string }) =>
    `Refund R-${orderId} created; it takes up to 14 days.`,
  {
    name: 'issue_refund',
    description: 'Creates the refund of an order.',
    schema: z.object({ orderId: z.string() }),
  },
);

function scriptedModel() {
  return new RecordingChatModel([
    new AIMessage({
      content: '',
      tool_calls: [{ id: 'call_quote', name: 'refund_quote', args: { orderId: '5521' } }],
    }),
    new AIMessage({
      content: '',
      tool_calls: [{ id: 'call_refund', name: 'issue_refund', args: { orderId: '5521' } }],
    }),
    new AIMessage('Your refund of 129.95 EUR is on its way to your card; allow up to 14 days.'),
  ]);
}

describe('contextOptimizerMiddleware end to end (emulator over HTTP)', () => {
  it('the model sees the compressed conversation on each of three steps; the state stays whole', async () => {
    const emulator = await fixture.start();
    const model = scriptedModel();
    const agent = createAgent({
      model,
      tools: [refundQuote, issueRefund],
      systemPrompt: 'You are the support agent of an outdoor shop.',
      middleware: [
        contextOptimizerMiddleware({
          ...emulatorClient(emulator),
          minTokens: 0,
          toolResults: { keepLast: 0 },
          level: 'standard',
        }),
      ],
    });
    const history = longSupportHistory();
    const question = new HumanMessage({ id: 'q', content: SUPPORT_QUESTION });

    const customEvents: string[] = [];
    let finalMessages: unknown[] = [];
    for await (const event of agent.streamEvents(
      { messages: [...history, question] },
      { version: 'v2' },
    )) {
      if (event.event === 'on_custom_event') customEvents.push(event.name);
      if (event.event === 'on_chain_end' && event.name === 'LangGraph') {
        finalMessages = event.data.output.messages;
      }
    }

    const span = toPlannerMessages(history).map((message) => ({
      role: message.role,
      content: message.text,
    }));
    const expected = await new LocalContextOptimizer().compress({
      context: span,
      query: SUPPORT_QUESTION,
      level: 'standard',
    });
    const compressedText = `Earlier conversation (compressed):\n\n${expected.data.compressed}`;
    // One compression serves the three steps (same span, same question).
    expect(emulator.requests.map((request) => request.status)).toEqual([200]);
    // Each step reports the compression it used; only the first made a call.
    expect(customEvents).toEqual(['ctxopt_usage', 'ctxopt_usage', 'ctxopt_usage']);
    expect(model.calls.map((call) => call.length)).toEqual([3, 5, 7]);
    for (const call of model.calls) {
      expect(call[1]!.text).toBe(compressedText);
      expect(call[2]!.id).toBe('q');
    }
    const lastCall = model.calls[2]!;
    expect((lastCall[4] as ToolMessage).content).toBe(
      'Order 5521: 129.95 EUR refundable to card ending 4242.',
    );
    expect((lastCall[6] as ToolMessage).content).toBe(
      'Refund R-5521 created; it takes up to 14 days.',
    );

    const kept = finalMessages as HumanMessage[];
    expect(kept.slice(0, 6).map((message) => message.id)).toEqual([
      'u1',
      'b1',
      'b2',
      'r1',
      'b3',
      'q',
    ]);
    expect(kept.slice(0, 5).map((message) => message.text)).toEqual(
      history.map((message) => message.text),
    );
    expect(kept).toHaveLength(11);
    expect(kept.at(-1)!.text).toContain('129.95 EUR is on its way');
  });

  it('falls open with the emulator failing: the model sees the full history', async () => {
    const emulator = await fixture.start();
    emulator.faults.failNext(3, { status: 503 });
    const model = scriptedModel();
    const agent = createAgent({
      model,
      tools: [refundQuote, issueRefund],
      middleware: [
        contextOptimizerMiddleware({
          ...emulatorClient(emulator),
          minTokens: 0,
          toolResults: { keepLast: 0 },
        }),
      ],
    });
    const history = longSupportHistory();

    const result = await agent.invoke({
      messages: [...history, new HumanMessage({ id: 'q', content: SUPPORT_QUESTION })],
    });

    expect(model.calls[0]!.map((message) => message.id)).toEqual([
      'u1',
      'b1',
      'b2',
      'r1',
      'b3',
      'q',
    ]);
    expect(model.calls).toHaveLength(3);
    expect(result.messages.at(-1)!.text).toContain('129.95 EUR is on its way');
    expect(emulator.ledger.operations(emulator.apiKey)).toBe(0);
  });
});
