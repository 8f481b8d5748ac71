import { MemoryCompressionStore } from '@ctxopt/core';
import { contextOptimizerMiddleware, createRetrieveTool } from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ChatCompletionsRequest,
  type ScriptedReply,
  startFakeOpenAIChat,
} from '../../../test/support/fake-openai-chat.ts';
import { lookup, orderLine } from './test-support/lookup-orders.ts';

const textOf = (content: unknown) =>
  typeof content === 'string' ? content : JSON.stringify(content);

/** Looks a batch up, then answers; asked about one order, answers from the prompt or asks ctxopt_retrieve. */
function script(_index: number, request: ChatCompletionsRequest): ScriptedReply {
  const messages = request.messages;
  const question = textOf(messages.findLast((message) => message.role === 'user')?.content);
  const afterTool = messages.at(-1)?.role === 'tool';
  const batch = /batch (\d+)/.exec(question);
  if (batch) {
    return afterTool
      ? { text: `Batch ${batch[1]} read.` }
      : {
          toolCalls: [
            {
              id: `call_${messages.length}`,
              name: 'lookup',
              arguments: { batch: Number(batch[1]) },
            },
          ],
        };
  }
  const order = /order (\d+)\?/.exec(question)?.[1];
  const prompt = JSON.stringify(messages);
  if (order && prompt.includes(`order ${order} |`)) return { text: `Found order ${order}.` };
  const handle = /ctxopt_retrieve \{\\?"handle\\?":\\?"(cx[0-9a-f]{32})\\?"\}/.exec(
    textOf(
      messages.find(
        (message) =>
          message.role === 'tool' &&
          textOf(message.content).includes(`order ${Math.floor(Number(order) / 1000)}0`),
      )?.content,
    ),
  )?.[1];
  if (handle && !afterTool)
    return {
      toolCalls: [
        { id: `call_${messages.length}`, name: 'ctxopt_retrieve', arguments: { handle } },
      ],
    };
  return { text: `No order ${order}.` };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setup(options: { retrieve?: boolean; recallTokens?: number } = {}) {
  const api = await startFakeOpenAIChat(script);
  cleanups.push(api.close);
  const engine = new LocalContextOptimizer();
  const sent: string[] = [];
  const store = new MemoryCompressionStore();
  const agent = createAgent({
    model: new ChatOpenAI({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test-openai',
      configuration: { baseURL: api.baseURL },
    }),
    tools: options.retrieve ? [lookup, createRetrieveTool({ store })] : [lookup],
    systemPrompt: 'You answer questions about orders.',
    middleware: [
      contextOptimizerMiddleware({
        optimizer: {
          compress: (params, requestOptions) => {
            sent.push(String(params.context));
            return engine.compress(params, requestOptions);
          },
          generate: (params) => engine.generate(params),
        },
        store,
        ...(options.recallTokens === undefined
          ? {}
          : { blocks: { recallTokens: options.recallTokens } }),
      }),
    ],
  });
  let messages: unknown[] = [];
  const ask = async (content: string) => {
    const state = await agent.invoke({
      messages: [...(messages as never[]), { role: 'user', content }],
    });
    messages = state.messages;
    return state;
  };
  return { api, sent, ask };
}

describe('block mode through createAgent (@langchain/openai), default settings', () => {
  it('compresses each tool result of a closed block once and keeps the compressed prefix identical from call to call', async () => {
    const { api, sent, ask } = await setup();
    for (let batch = 1; batch <= 10; batch++) await ask(`Look up the orders of batch ${batch}.`);
    expect(sent.length).toBeGreaterThan(2);
    expect(new Set(sent).size).toBe(sent.length);
    const prompts = api.requests.map((request) =>
      request.messages.map((message) => JSON.stringify(message)),
    );
    let compared = 0;
    for (let index = 1; index < prompts.length; index++) {
      const previous = prompts[index - 1]!;
      // The compressed results of the previous call open this one unchanged.
      const lastCompressed = previous.findLastIndex((message) =>
        message.includes('[compressed: ctxopt_retrieve'),
      );
      if (lastCompressed === -1) continue;
      expect(prompts[index]!.slice(0, lastCompressed + 1)).toEqual(
        previous.slice(0, lastCompressed + 1),
      );
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
    // Every tool call keeps its result, right after it.
    for (const request of api.requests) {
      request.messages.forEach((message, index) => {
        for (const call of message.tool_calls ?? []) {
          expect(
            request.messages.slice(index + 1).some((later) => later.tool_call_id === call.id),
          ).toBe(true);
        }
      });
    }
  }, 60_000);

  it('gets a dropped detail back through the ctxopt_retrieve tool', async () => {
    const { api, ask } = await setup({ retrieve: true, recallTokens: 0 });
    for (let batch = 1; batch <= 8; batch++) await ask(`Look up the orders of batch ${batch}.`);
    const before = api.requests.length;
    const state = await ask('What is the status of order 1037?');
    const asked = api.requests.slice(before);
    expect(JSON.stringify(asked[0]!.messages)).not.toContain('order 1037 |');
    expect(asked[0]).toBeDefined();
    const calls = asked
      .flatMap((request) => request.messages)
      .filter((message) => message.role === 'tool');
    expect(JSON.stringify(calls)).toContain(orderLine(1, 37));
    expect(textOf(state.messages.at(-1)!.content)).toBe('Found order 1037.');
  }, 60_000);
  it('compresses a long user note of a closed block in place, once', async () => {
    const { api, sent, ask } = await setup();
    const note = (meeting: number) =>
      Array.from(
        { length: 20 },
        (_, index) =>
          `Project PX-${meeting}${index} ships from Leeds with supplier S-${meeting * 97 + index} and a budget of ${1000 + meeting * 31 + index} EUR.`,
      ).join(' ');
    for (let meeting = 1; meeting <= 5; meeting++) {
      await ask(
        `Notes of meeting ${meeting}: ${note(meeting)}\n\nLook up the orders of batch ${meeting}.`,
      );
    }
    const notes = sent.filter((context) => context.startsWith('Notes of meeting'));
    expect(notes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(notes).size).toBe(notes.length);
    const firstUser = String(
      api.requests.at(-1)!.messages.find((message) => message.role === 'user')!.content,
    );
    expect(firstUser).toContain('Project PX-1');
    expect(firstUser.length).toBeLessThan(note(1).length);
    expect(firstUser).toMatch(/\[compressed: ctxopt_retrieve \{"handle":"cx[0-9a-f]{32}"\}\]$/);
  });
});
