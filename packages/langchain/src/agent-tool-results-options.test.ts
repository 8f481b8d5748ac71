import type { CompressionReport } from '@ctxopt/core';
import {
  type ContextOptimizerMiddlewareOptions,
  contextOptimizerMiddleware,
} from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { chatThenToolsConversation, reportPage } from '../../../test/support/tool-loop.ts';

const readReport = tool(async ({ page }) => reportPage(page), {
  name: 'readReport',
  description: 'Reads one page of the shipment report',
  schema: z.object({ page: z.number() }),
});
const calendar = tool(async ({ page }) => reportPage(100 + page), {
  name: 'calendar',
  description: 'Reads the shipping calendar',
  schema: z.object({ page: z.number() }),
});

/** The shared conversation; `named: false` leaves every ToolMessage without `name`, as hand-built histories often do. */
function langChainMessages(named = true): BaseMessage[] {
  return chatThenToolsConversation().flatMap((entry): BaseMessage[] => {
    if (entry.role !== 'tool-step') {
      return [entry.role === 'user' ? new HumanMessage(entry.text) : new AIMessage(entry.text)];
    }
    const { toolCallId: id, page } = entry;
    return [
      new AIMessage({ content: '', tool_calls: [{ id, name: 'readReport', args: { page } }] }),
      new ToolMessage({
        content: reportPage(page),
        tool_call_id: id,
        ...(named ? { name: 'readReport' } : {}),
      }),
    ];
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function ask(options: ContextOptimizerMiddlewareOptions, messages: BaseMessage[]) {
  const api = await startFakeOpenAIChat(() => ({ text: 'It was 7 days late.' }));
  cleanups.push(api.close);
  const reports: CompressionReport[] = [];
  const agent = createAgent({
    model: new ChatOpenAI({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test-openai',
      configuration: { baseURL: api.baseURL },
    }),
    tools: [readReport, calendar],
    middleware: [
      contextOptimizerMiddleware({
        optimizer: new LocalContextOptimizer(),
        onCompress: (report) => reports.push(report),
        ...options,
      }),
    ],
  });
  await agent.invoke({ messages });
  const sent = api.requests[0]!.messages;
  return { report: reports[0]!, sent };
}

const toolTexts = (sent: { role: string; content?: unknown }[]) =>
  sent.filter((message) => message.role === 'tool').map((message) => message.content);

describe('toolResults.compress and exclude limit what is compressed, not whether anything is (createAgent, @langchain/openai)', () => {
  for (const [name, toolResults] of [
    ['compress: false', { compress: false }],
    ['an exclude that covers the tool', { exclude: ['readReport'] }],
  ] as const) {
    it(`with ${name}, sends every tool result verbatim and still compresses the chat history`, async () => {
      const { report, sent } = await ask({ toolResults }, langChainMessages());
      expect(toolTexts(sent)).toEqual([1, 2, 3, 4].map((page) => reportPage(page)));
      expect(report).toMatchObject({ status: 'compressed' });
      expect(report.savedTokens).toBeGreaterThan(500);
      expect(JSON.stringify(sent)).toContain('Earlier conversation (compressed):');
    });
  }

  it('matches exclude against the tool its paired call names when a ToolMessage has no name', async () => {
    const history = langChainMessages(false);
    // The same conversation with a calendar lookup after each report page: the calendar's
    // results may be compressed, the excluded report's never.
    const messages: BaseMessage[] = [];
    for (const message of history) {
      messages.push(message);
      if (!ToolMessage.isInstance(message)) continue;
      const id = `${message.tool_call_id}_calendar`;
      const page = messages.length;
      messages.push(
        new AIMessage({ content: '', tool_calls: [{ id, name: 'calendar', args: { page } }] }),
        new ToolMessage({ content: reportPage(100 + page), tool_call_id: id }),
      );
    }
    const { report, sent } = await ask({ toolResults: { exclude: ['readReport'] } }, messages);
    const texts = toolTexts(sent).map(String);
    expect(texts.filter((_, index) => index % 2 === 0)).toEqual(
      [1, 2, 3, 4].map((page) => reportPage(page)),
    );
    expect(texts.filter((text) => text.includes('ctxopt_retrieve')).length).toBeGreaterThan(0);
    expect(report.spans.every((span) => span.toolName !== 'readReport')).toBe(true);
  });
});
