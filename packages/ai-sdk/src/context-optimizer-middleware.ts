import type {
  LanguageModelV4,
  LanguageModelV4Message,
  LanguageModelV4Middleware,
} from '@ai-sdk/provider';
import type {
  ConversationPolicyFields,
  ProviderId,
  ShadowJudge,
  ShadowOptions,
} from '@ctxopt/core';
import type { LevelOrMode, ShadowSummary } from '@ctxopt/core/internal';
import { compressStrategy } from './compress-strategy.ts';
import { generateStrategy } from './generate-strategy.ts';
import { resolveMiddlewareSettings } from './middleware-settings.ts';
import type { OptimizerSourceOptions } from './optimizer-source.ts';
import type { ContextOptimizerUsage } from './usage-metadata.ts';

/**
 * Options of `contextOptimizerMiddleware`: the conversation policy shared with
 * `@ctxopt/langchain` (the README's policy table), plus this package's own.
 *
 * @example
 * ```ts
 * contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer(), minTokens: 1000, timeout: 2000 });
 * contextOptimizerMiddleware({ apiKey, baseURL, strategy: 'generate', onError: 'throw' });
 * ```
 */
export type ContextOptimizerMiddlewareOptions = ContextOptimizerMiddlewareFields & LevelOrMode;

/** The fields of `ContextOptimizerMiddlewareOptions`; `LevelOrMode` makes level and mode exclusive. */
export interface ContextOptimizerMiddlewareFields
  extends OptimizerSourceOptions,
    Omit<ConversationPolicyFields, 'shadow'> {
  /**
   * Shadow evaluation (the README's "Shadow evaluation"): `judge` may be a function or an
   * AI SDK language model (LLM-as-judge with a short fixed rubric). @default off
   */
  shadow?: boolean | (Omit<ShadowOptions, 'judge'> & { judge?: ShadowJudge | LanguageModelV4 });
  /**
   * `compress`: shrink the prompt with `POST /v1/compress`, then call the wrapped model.
   * `generate`: answer with `POST /v1/generate`, for the wrapped model's provider and model id.
   * @default 'compress'
   */
  strategy?: 'compress' | 'generate';
  /**
   * Milliseconds for all of one prompt's compression (or one generate call), retries
   * included; past it the call fails open. Also the built client's per-attempt timeout.
   * @default 5000 (compress), 60000 (generate)
   */
  timeout?: number;
  /** Receives the `providerMetadata.ctxopt` object of every call, including skipped and failed ones. */
  onUsage?: (usage: ContextOptimizerUsage) => void;
  /**
   * Generate strategy: the service's provider id to use instead of the one mapped from the
   * wrapped model (`openai.*` → `openai`, `anthropic.*` → `anthropic`, `google.generative-ai` → `google`).
   */
  provider?: ProviderId;
  /**
   * Builds the message that replaces the compressed span.
   * @default a `user` message: "Earlier conversation (compressed):", a blank line, the text
   */
  compressedMessage?: (compressedText: string) => LanguageModelV4Message;
}

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
