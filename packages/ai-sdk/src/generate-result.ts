import type {
  LanguageModelV4GenerateResult,
  LanguageModelV4Usage,
  SharedV4Warning,
} from '@ai-sdk/provider';
import {
  DEFAULT_MAX_OUTPUT_TOKENS,
  type GenerateParams,
  type GenerateResponse,
  type ProviderUsage,
} from '@ctxopt/core';
import { type ContextOptimizerUsage, withUsageMetadata } from './usage-metadata.ts';

/** The V4 usage of a generate call: the provider's own token counts (`usage.provider`). */
function toV4Usage(provider: ProviderUsage): LanguageModelV4Usage {
  return {
    inputTokens: {
      total: provider.inputTokens,
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: provider.outputTokens, text: undefined, reasoning: undefined },
    raw: {
      provider: provider.provider,
      model: provider.model,
      inputTokens: provider.inputTokens,
      outputTokens: provider.outputTokens,
      totalTokens: provider.totalTokens,
    },
  };
}

/**
 * A `/v1/generate` answer as a V4 generate result: the answer as one text part, the
 * provider's usage, and `providerMetadata.ctxopt`. The contract has no finish reason;
 * an answer that used up `maxOutputTokens` is reported as `length`, any other as `stop`.
 */
export function toGenerateResult(
  response: GenerateResponse,
  request: {
    url: string;
    body: GenerateParams;
    warnings: SharedV4Warning[];
    /** `usageFromResponse(response)`, which the caller also hands to `onUsage`. */
    usage: ContextOptimizerUsage;
  },
): LanguageModelV4GenerateResult {
  const provider = response.usage.provider;
  const limit = request.body.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  return {
    content: response.data.answer ? [{ type: 'text', text: response.data.answer }] : [],
    finishReason: { unified: provider.outputTokens >= limit ? 'length' : 'stop', raw: undefined },
    usage: toV4Usage(provider),
    providerMetadata: withUsageMetadata(undefined, request.usage),
    request: { url: request.url, body: request.body },
    response: { id: response.requestId, modelId: provider.model, timestamp: new Date() },
    warnings: request.warnings,
  };
}
