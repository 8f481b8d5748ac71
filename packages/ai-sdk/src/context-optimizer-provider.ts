import { type LanguageModelV4, NoSuchModelError, type ProviderV4 } from '@ai-sdk/provider';
import { loadApiKey, loadSetting } from '@ai-sdk/provider-utils';
import {
  type CompressionLevel,
  type CompressionMode,
  type ContextOptimizer,
  checkOptionKeys,
} from '@ctxopt/core';
import type { LevelOrMode } from '@ctxopt/core/internal';
import { ContextOptimizerLanguageModel } from './context-optimizer-language-model.ts';
import { optionError } from './error-mapping.ts';
import { DEFAULT_GENERATE_TIMEOUT_MS } from './middleware-settings.ts';
import type { ContextOptimizerModelId } from './model-id.ts';
import { type OptimizerSourceOptions, resolveOptimizer } from './optimizer-source.ts';
import { providerOptionKeys } from './option-keys.ts';
import type { ContextOptimizerUsage } from './usage-metadata.ts';

/**
 * Settings of `createContextOptimizer`.
 *
 * @example
 * ```ts
 * createContextOptimizer({ apiKey: process.env.CTXOPT_API_KEY, mode: 'balanced', timeout: 30_000 });
 * createContextOptimizer({ optimizer: new LocalContextOptimizer() });
 * ```
 */
export type ContextOptimizerProviderSettings = ContextOptimizerProviderFields & LevelOrMode;

/** The fields of `ContextOptimizerProviderSettings`; `LevelOrMode` makes level and mode exclusive. */
export interface ContextOptimizerProviderFields extends OptimizerSourceOptions {
  /** Compression level for every call (one of level or mode). @default the service's */
  level?: CompressionLevel;
  /** Compression mode for every call (one of level or mode). @default the service's */
  mode?: CompressionMode;
  /** Milliseconds allowed for one `/v1/generate` call. @default 60000 */
  timeout?: number;
  /** Receives the `providerMetadata.ctxopt` object of every answered call. */
  onUsage?: (usage: ContextOptimizerUsage) => void;
}

/**
 * The `ctxopt` provider: callable with a model id, and a `ProviderV4`.
 *
 * @example
 * ```ts
 * const model = ctxopt('openai:gpt-4o-mini'); // same as ctxopt.languageModel('openai:gpt-4o-mini')
 * ```
 */
export interface ContextOptimizerProvider extends ProviderV4 {
  (modelId: ContextOptimizerModelId): LanguageModelV4;
  languageModel(modelId: ContextOptimizerModelId): LanguageModelV4;
}

const PROVIDER_ID = 'ctxopt.generate';

/**
 * An AI SDK provider whose language models are answered by `POST /v1/generate`.
 *
 * @example
 * ```ts
 * import { createContextOptimizer } from '@ctxopt/ai-sdk';
 * import { generateText } from 'ai';
 *
 * const ctxopt = createContextOptimizer({ apiKey: process.env.CTXOPT_API_KEY, level: 'standard' });
 * const { text, usage, providerMetadata } = await generateText({
 *   model: ctxopt('openai:gpt-4o-mini'),
 *   prompt: 'Summarise the release notes.',
 * });
 * ```
 *
 * Model ids are `<provider>:<model>`. The client it builds makes each call once
 * (`maxRetries: 0` unless given): the AI SDK's own `maxRetries` retries retryable
 * `APICallError`s, and two layers of retries would multiply the attempts. The API key
 * and base URL are read when the first model call is made (`CTXOPT_API_KEY`,
 * `CTXOPT_BASE_URL`), as AI SDK providers do.
 */
export function createContextOptimizer(
  settings: ContextOptimizerProviderSettings = {},
): ContextOptimizerProvider {
  try {
    checkOptionKeys(settings, providerOptionKeys, { owner: 'createContextOptimizer' });
  } catch (error) {
    throw optionError(error);
  }
  const timeout = settings.timeout ?? DEFAULT_GENERATE_TIMEOUT_MS;
  // A ready optimizer (and a clash with client options) is checked at once; a client is built lazily.
  let optimizer: ContextOptimizer | undefined = settings.optimizer
    ? resolveOptimizer(settings)
    : undefined;
  const getOptimizer = () => {
    optimizer ??= resolveOptimizer(
      {
        ...settings,
        apiKey: loadApiKey({
          apiKey: settings.apiKey,
          environmentVariableName: 'CTXOPT_API_KEY',
          description: 'Context Optimization API',
        }),
        baseURL: loadSetting({
          settingValue: settings.baseURL,
          environmentVariableName: 'CTXOPT_BASE_URL',
          settingName: 'baseURL',
          description: 'Context Optimization API base URL',
        }),
      },
      { maxRetries: settings.maxRetries ?? 0, timeout },
    );
    return optimizer;
  };

  const languageModel = (modelId: ContextOptimizerModelId) =>
    new ContextOptimizerLanguageModel(modelId, {
      provider: PROVIDER_ID,
      optimizer: getOptimizer,
      level: settings.level,
      mode: settings.mode,
      timeout,
      onUsage: settings.onUsage,
    });

  const provider = (modelId: ContextOptimizerModelId) => languageModel(modelId);
  const noSuchModel = (modelType: 'embeddingModel' | 'imageModel') => (modelId: string) => {
    throw new NoSuchModelError({
      modelId,
      modelType,
      message: `The ctxopt provider has language models only (asked for ${modelType} "${modelId}").`,
    });
  };
  return Object.assign(provider, {
    specificationVersion: 'v4' as const,
    languageModel,
    embeddingModel: noSuchModel('embeddingModel'),
    imageModel: noSuchModel('imageModel'),
  });
}

/**
 * The default provider, configured from `CTXOPT_API_KEY` and `CTXOPT_BASE_URL` when its
 * first model call is made.
 *
 * @example
 * ```ts
 * import { ctxopt } from '@ctxopt/ai-sdk';
 * const { text } = await generateText({ model: ctxopt('anthropic:claude-sonnet-4-5'), prompt });
 * ```
 */
export const ctxopt: ContextOptimizerProvider = createContextOptimizer();
