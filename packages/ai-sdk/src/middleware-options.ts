import type { LanguageModelV4, LanguageModelV4Message } from '@ai-sdk/provider';
import type {
  ConversationPolicyFields,
  ProviderId,
  ShadowJudge,
  ShadowOptions,
} from '@ctxopt/core';
import type { LevelOrMode } from '@ctxopt/core/internal';
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
