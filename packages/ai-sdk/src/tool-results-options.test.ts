import { createOpenAI } from '@ai-sdk/openai';
import {
  type ContextOptimizerMiddlewareOptions,
  type ContextOptimizerUsage,
  contextOptimizerMiddleware,
} from '@ctxopt/ai-sdk';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { chatThenToolsConversation, reportPage } from '../../../test/support/tool-loop.ts';
import './test-support/quiet-warnings.ts';

function modelMessages(): ModelMessage[] {
  return chatThenToolsConversation().flatMap((entry): ModelMessage[] =>
    entry.role === 'tool-step'
      ? [
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-call',
                toolCallId: entry.toolCallId,
                toolName: 'readReport',
                input: { page: entry.page },
              },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: entry.toolCallId,
                toolName: 'readReport',
                output: { type: 'text', value: reportPage(entry.page) },
              },
            ],
          },
        ]
      : [{ role: entry.role, content: entry.text }],
  );
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function ask(options: ContextOptimizerMiddlewareOptions) {
  const api = await startFakeOpenAIChat(() => ({ text: 'It was 7 days late.' }));
  cleanups.push(api.close);
  const usages: ContextOptimizerUsage[] = [];
  const model = wrapLanguageModel({
    model: createOpenAI({ apiKey: 'sk-test-openai', baseURL: api.baseURL }).chat('gpt-4o-mini'),
    middleware: contextOptimizerMiddleware({
      optimizer: new LocalContextOptimizer(),
      onUsage: (usage) => usages.push(usage),
      ...options,
    }),
  });
  await generateText({ model, messages: modelMessages() });
  const sent = api.requests[0]!.messages;
  const results = sent.filter((message) => message.role === 'tool').map((m) => m.content);
  return { usage: usages[0]!, sent, results };
}

describe('toolResults.compress and exclude limit what is compressed, not whether anything is (generateText, @ai-sdk/openai)', () => {
  for (const [name, toolResults] of [
    ['compress: false', { compress: false }],
    ['an exclude that covers the tool', { exclude: ['readReport'] }],
  ] as const) {
    it(`with ${name}, sends every tool result verbatim and still compresses the chat history`, async () => {
      const { usage, sent, results } = await ask({ toolResults });
      expect(results).toEqual([1, 2, 3, 4].map((page) => reportPage(page)));
      expect(usage).toMatchObject({ status: 'compressed' });
      expect(usage.savedTokens).toBeGreaterThan(500);
      expect(JSON.stringify(sent)).toContain('Earlier conversation (compressed):');
    });
  }

  it('by default compresses the tool results too', async () => {
    const { usage, results } = await ask({});
    expect(usage).toMatchObject({ status: 'compressed' });
    expect(results.filter((text) => String(text).includes('ctxopt_retrieve'))).toHaveLength(4);
  });
});
