import { createOpenAI } from '@ai-sdk/openai';
import { type ContextOptimizerMiddlewareOptions, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { generateText, type ModelMessage, stepCountIs, wrapLanguageModel } from 'ai';
import { startFakeOpenAIChat } from '../../../../test/support/fake-openai-chat.ts';
import { LOOP_QUESTION, toolLoopScript } from '../../../../test/support/tool-loop.ts';
import { readReport } from './report-tools.ts';

export interface ToolLoopRun {
  /** Model calls in the turn: the fake API asks for a tool `steps - 1` times, then answers. */
  steps: number;
  /** The middleware's options; without them the model is called directly. */
  optimizer?: ContextOptimizerMiddlewareOptions;
  system?: string;
  /** The turn's input; the loop's question by default. */
  input?: { prompt: string } | { messages: ModelMessage[] };
}

/**
 * One user turn of an agent tool loop through `generateText` and `@ai-sdk/openai`,
 * against a fake OpenAI chat API of its own: the result, and every request the API
 * received.
 */
export async function runToolLoop({
  steps,
  optimizer,
  system,
  input = { prompt: LOOP_QUESTION },
}: ToolLoopRun) {
  const openaiApi = await startFakeOpenAIChat(toolLoopScript(steps));
  try {
    const chat = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL }).chat(
      'gpt-4o-mini',
    );
    const result = await generateText({
      model: optimizer
        ? wrapLanguageModel({ model: chat, middleware: contextOptimizerMiddleware(optimizer) })
        : chat,
      ...(system === undefined ? {} : { system }),
      ...input,
      tools: { readReport },
      stopWhen: stepCountIs(steps),
    });
    return { result, requests: openaiApi.requests };
  } finally {
    await openaiApi.close();
  }
}
