import type { GenerateResponse } from '@ctxopt/core';
import { AIMessage, AIMessageChunk, type UsageMetadata } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { type CompressionSummary, summarizeUsage } from './usage-summary.ts';

/** `AIMessage.usage_metadata` from the provider's token counts. */
export function usageMetadataOf(response: GenerateResponse): UsageMetadata {
  const { inputTokens, outputTokens, totalTokens } = response.usage.provider;
  return { input_tokens: inputTokens, output_tokens: outputTokens, total_tokens: totalTokens };
}

/** `llmOutput.tokenUsage`, the shape `handleLLMEnd` handlers read. */
export function tokenUsageOf(response: GenerateResponse) {
  const { inputTokens, outputTokens, totalTokens } = response.usage.provider;
  return { promptTokens: inputTokens, completionTokens: outputTokens, totalTokens };
}

/**
 * `AIMessage.response_metadata`: who answered, and what the compression saved. A type
 * alias rather than an interface, so that it fits LangChain's `ResponseMetadata` index
 * signature and `answer.response_metadata as GenerateResponseMetadata` compiles.
 */
export type GenerateResponseMetadata = {
  requestId: string;
  provider: string;
  model: string;
  /** LangChain's common key for the model that answered. */
  model_name: string;
  model_provider: string;
  ctxopt: CompressionSummary & { monthly?: GenerateResponse['usage']['monthly'] };
};

export function responseMetadataOf(response: GenerateResponse): GenerateResponseMetadata {
  const { provider, model } = response.usage.provider;
  return {
    requestId: response.requestId,
    provider,
    model,
    model_name: model,
    model_provider: provider,
    ctxopt: summarizeUsage(response),
  };
}

/** The `ChatResult` of one generate call: the answer message and `llmOutput.tokenUsage`. */
export function chatResultOf(response: GenerateResponse): ChatResult {
  const message = new AIMessage({
    content: response.data.answer,
    usage_metadata: usageMetadataOf(response),
    response_metadata: { ...responseMetadataOf(response) },
  });
  return {
    generations: [{ text: response.data.answer, message }],
    llmOutput: { tokenUsage: tokenUsageOf(response) },
  };
}

/**
 * The answer as word-sized chunks (each keeps its trailing space) for `stream()`. The
 * figures ride on the last chunk, so the merged message carries them exactly once.
 */
export function answerChunks(response: GenerateResponse): ChatGenerationChunk[] {
  const pieces = response.data.answer.match(/\S+\s*|\s+/g) ?? [''];
  return pieces.map((text, index) => {
    const last = index === pieces.length - 1;
    const figures = last
      ? {
          usage_metadata: usageMetadataOf(response),
          response_metadata: { ...responseMetadataOf(response) },
        }
      : {};
    return new ChatGenerationChunk({
      text,
      message: new AIMessageChunk({ content: text, ...figures }),
    });
  });
}

type TokenUsage = ReturnType<typeof tokenUsageOf>;

/** Sums `llmOutput.tokenUsage` over the calls of one `generate([...])`. */
export function combineTokenUsage(...outputs: ({ tokenUsage?: TokenUsage } | undefined)[]): {
  tokenUsage: TokenUsage;
} {
  const tokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  for (const output of outputs) {
    tokenUsage.promptTokens += output?.tokenUsage?.promptTokens ?? 0;
    tokenUsage.completionTokens += output?.tokenUsage?.completionTokens ?? 0;
    tokenUsage.totalTokens += output?.tokenUsage?.totalTokens ?? 0;
  }
  return { tokenUsage };
}
