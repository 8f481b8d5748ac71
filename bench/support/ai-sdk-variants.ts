import {
  generateText,
  type LanguageModel,
  type ModelMessage,
  wrapLanguageModel,
} from '../../packages/ai-sdk/node_modules/ai/dist/index.js';
import { MockLanguageModelV4 } from '../../packages/ai-sdk/node_modules/ai/dist/test/index.js';
// bench/ is not a workspace package: the adapter's source by path, and `ai` through the
// package that depends on it (see bench/README.md, "Importing the frameworks").
import { COMPRESSED_CONTEXT_HEADER } from '../../packages/ai-sdk/src/compressed-message.ts';
import { contextOptimizerMiddleware } from '../../packages/ai-sdk/src/index.ts';
import type { ContextOptimizer } from '../../packages/core/src/index.ts';
import { type ChatConversation, compressParamsOf, MODEL_ANSWER } from './chat-conversation.ts';
import type { FrameworkVariant, ReceivedMessage } from './framework-variant.ts';

/** A model that answers the same text to every call and keeps only the latest call. */
export function answeringModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    provider: 'openai.chat',
    modelId: 'gpt-4o-mini',
    doGenerate: async () => ({
      content: [{ type: 'text', text: MODEL_ANSWER }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 900, noCache: 900, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 14, text: 14, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

/**
 * Two ways to answer the same conversation with `generateText`, both compressing it with
 * `optimizer` once per call:
 *   - manual: `optimizer.compress` called by hand, then `generateText` on the bare model
 *     with the compressed text in one user message, then the question (the baseline)
 *   - middleware: `generateText` with every message on
 *     `wrapLanguageModel(model, contextOptimizerMiddleware({ optimizer, cacheSize: 0 }))`
 * and a third that does no compression at all, to tell the AI SDK's own handling of a
 * long prompt from the middleware's work:
 *   - uncompressed: `generateText` with every message on the bare model
 */
export function aiSdkVariants(
  conversation: ChatConversation,
  optimizer: ContextOptimizer,
): Record<'manual' | 'middleware' | 'uncompressed', FrameworkVariant> {
  const messages: ModelMessage[] = [
    ...conversation.history,
    { role: 'user', content: conversation.question },
  ] as ModelMessage[];
  const instructions = conversation.system;
  const call = async (model: LanguageModel, mock: MockLanguageModelV4, prompt: ModelMessage[]) => {
    // The mock records every call; keeping only the latest keeps memory flat over a run.
    mock.doGenerateCalls.length = 0;
    return (await generateText({ model, instructions, messages: prompt })).text;
  };

  const manualModel = answeringModel();
  const middlewareModel = answeringModel();
  const wrapped = wrapLanguageModel({
    model: middlewareModel,
    middleware: contextOptimizerMiddleware({ optimizer, level: 'standard', cacheSize: 0 }),
  });
  const uncompressedModel = answeringModel();
  return {
    manual: {
      compresses: true,
      received: () => receivedPrompt(manualModel),
      task: async () => {
        const response = await optimizer.compress(compressParamsOf(conversation));
        const compressed = `${COMPRESSED_CONTEXT_HEADER}\n\n${response.data.compressed}`;
        return call(manualModel, manualModel, [
          { role: 'user', content: compressed },
          { role: 'user', content: conversation.question },
        ]);
      },
    },
    middleware: {
      compresses: true,
      received: () => receivedPrompt(middlewareModel),
      task: () => call(wrapped, middlewareModel, messages),
    },
    uncompressed: {
      compresses: false,
      received: () => receivedPrompt(uncompressedModel),
      task: () => call(uncompressedModel, uncompressedModel, messages),
    },
  };
}

/** The prompt a mock model received last, as role and text per message. */
function receivedPrompt(model: MockLanguageModelV4): ReceivedMessage[] {
  const prompt = model.doGenerateCalls.at(-1)?.prompt ?? [];
  return prompt.map((message) => ({
    role: message.role,
    text:
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => ('text' in part ? part.text : `[${part.type}]`)).join(''),
  }));
}
