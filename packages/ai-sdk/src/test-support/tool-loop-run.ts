import { createOpenAI } from '@ai-sdk/openai';
import {
  type ContextOptimizerMiddlewareOptions,
  contextOptimizerMiddleware,
  createRetrieveTool,
  RETRIEVE_TOOL_NAME,
} from '@ctxopt/ai-sdk';
import { MemoryCompressionStore } from '@ctxopt/core';
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
  /** The app registers `ctxopt_retrieve` beside its tool, on the middleware's store. */
  retrieveTool?: boolean;
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
  retrieveTool = false,
}: ToolLoopRun) {
  const store = retrieveTool ? new MemoryCompressionStore() : undefined;
  const middleware = optimizer && store ? { ...optimizer, store } : optimizer;
  const openaiApi = await startFakeOpenAIChat(toolLoopScript(steps));
  try {
    const chat = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL }).chat(
      'gpt-4o-mini',
    );
    const result = await generateText({
      model: middleware
        ? wrapLanguageModel({ model: chat, middleware: contextOptimizerMiddleware(middleware) })
        : chat,
      ...(system === undefined ? {} : { system }),
      ...input,
      tools: {
        readReport,
        ...(store && optimizer
          ? {
              [RETRIEVE_TOOL_NAME]: createRetrieveTool({
                store,
                ...(optimizer.apiKey === undefined ? {} : { apiKey: optimizer.apiKey }),
                ...(optimizer.optimizer === undefined ? {} : { optimizer: optimizer.optimizer }),
              }),
            }
          : {}),
      },
      stopWhen: stepCountIs(steps),
    });
    return { result, requests: openaiApi.requests };
  } finally {
    await openaiApi.close();
  }
}
