import type { GenerateResponse } from '@ctxopt/core';
import type { UsageMetadata } from '@langchain/core/messages';
import { type CompressionSummary, monthlyUsageOf, summarizeCompression } from './usage-summary.ts';

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

/** `AIMessage.response_metadata`: who answered, and what the compression saved. */
export interface GenerateResponseMetadata {
  requestId: string;
  provider: string;
  model: string;
  /** LangChain's common key for the model that answered. */
  model_name: string;
  model_provider: string;
  ctxopt: CompressionSummary & { monthly?: GenerateResponse['usage']['monthly'] };
}

export function responseMetadataOf(response: GenerateResponse): GenerateResponseMetadata {
  const monthly = monthlyUsageOf(response);
  const { provider, model } = response.usage.provider;
  return {
    requestId: response.requestId,
    provider,
    model,
    model_name: model,
    model_provider: provider,
    ctxopt: { ...summarizeCompression(response), ...(monthly ? { monthly } : {}) },
  };
}

/** Splits an answer into word-sized pieces (each keeps its trailing space) for `stream()`. */
export function answerPieces(answer: string): string[] {
  const pieces = answer.match(/\S+\s*|\s+/g);
  return pieces ?? [''];
}
