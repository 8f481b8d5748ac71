import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { ShadowSummary } from '@ctxopt/core/internal';
import { compressStrategy } from './compress-strategy.ts';
import { generateStrategy } from './generate-strategy.ts';
import type { ContextOptimizerMiddlewareOptions } from './middleware-options.ts';
import { resolveMiddlewareSettings } from './middleware-settings.ts';

/**
 * A language-model middleware that shrinks what a model is sent with the Context
 * Optimization API, or routes the call through its `/v1/generate` endpoint.
 *
 * @example
 * ```ts
 * import { openai } from '@ai-sdk/openai';
 * import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
 * import { generateText, wrapLanguageModel } from 'ai';
 *
 * const model = wrapLanguageModel({
 *   model: openai('gpt-4o-mini'),
 *   middleware: contextOptimizerMiddleware({ level: 'standard' }), // CTXOPT_API_KEY, CTXOPT_BASE_URL
 * });
 * const { text, providerMetadata } = await generateText({ model, messages });
 * console.log(providerMetadata?.ctxopt); // { requestId, status, inputTokens, savedTokens, ... }
 * ```
 *
 * With `strategy: 'compress'` (the default) system messages, the last user message,
 * tool calls, reasoning, files and messages with provider options stay as they are;
 * older tool results (all but the newest three) are compressed in place, each against
 * the question and the call's arguments; the largest run of the remaining history is
 * compressed and replaced by one `user` message with the compressed text. An unchanged
 * span is sent once and reused at every later step. Per call,
 * `providerOptions: { ctxopt: { ... } }` sets any policy option; the wrapped model never
 * sees those options.
 *
 * Both strategies fail open by default: when the service fails or is slower than
 * `timeout`, the call goes on without it and says so in its warnings and in
 * `providerMetadata.ctxopt`.
 */
export function contextOptimizerMiddleware(
  options: ContextOptimizerMiddlewareOptions = {},
): ContextOptimizerMiddleware {
  const settings = resolveMiddlewareSettings(options);
  const middleware =
    settings.strategy === 'generate' ? generateStrategy(settings) : compressStrategy(settings);
  const { shadow } = settings.compressor;
  return {
    ...middleware,
    shadow: { summary: () => shadow.summary(), settled: () => shadow.settled() },
  };
}

/** The middleware, with shadow evaluation's figures for the app. */
export interface ContextOptimizerMiddleware extends LanguageModelV4Middleware {
  readonly shadow: {
    /** Agreement per level and kind of content (rate, 95% interval), adapted levels, spend. */
    summary(): ShadowSummary;
    /** Resolves once the shadow calls running now are judged and reported. */
    settled(): Promise<void>;
  };
}
