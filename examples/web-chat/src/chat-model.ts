import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { createOfflineModel } from '@ctxopt-examples/ai-sdk-rag/offline-model';

export interface ChatModel {
  model: LanguageModelV4;
  /** Said at start: which model answers, and why. */
  description: string;
}

/**
 * The model to wrap: OpenAI's Chat Completions API when `OPENAI_API_KEY` is set (`OPENAI_MODEL`, default
 * `gpt-4o-mini`), otherwise the offline stand-in of the AI SDK example, so the chat runs
 * with no key at all.
 */
export function chooseModel(env: NodeJS.ProcessEnv): ChatModel {
  if (env.OPENAI_API_KEY) {
    const modelId = env.OPENAI_MODEL ?? 'gpt-4o-mini';
    const openai = createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL });
    return {
      model: openai.chat(modelId),
      description: `openai/${modelId} (OPENAI_API_KEY is set)`,
    };
  }
  return {
    model: createOfflineModel(),
    description:
      'offline/kestrel-extractive (a deterministic stand-in; set OPENAI_API_KEY for a real model)',
  };
}
