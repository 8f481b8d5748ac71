import {
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4GenerateResult,
  type LanguageModelV4StreamResult,
  type SharedV4Warning,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import {
  applyCallOptions,
  type CompressionLevel,
  type CompressionMode,
  type ContextOptimizer,
  resolveConversationPolicy,
} from '@ctxopt/core';
import { levelOrModeOf } from '@ctxopt/core/internal';
import { CTXOPT_KEY } from './call-options.ts';
import { optionError, toAISDKError } from './error-mapping.ts';
import { sendGenerate, toGenerateParams } from './generate-call.ts';
import { hasFileParts } from './generate-input.ts';
import { toGenerateResult } from './generate-result.ts';
import { toStreamResult } from './generate-stream.ts';
import { type ContextOptimizerModelId, parseModelId } from './model-id.ts';
import { endpointOf } from './optimizer-source.ts';
import type { GenerateTarget } from './provider-id.ts';
import { blockers, unsupportedSettingWarnings } from './unsupported-settings.ts';
import { type ContextOptimizerUsage, usageFromResponse } from './usage-metadata.ts';

/**
 * What a `ContextOptimizerLanguageModel` needs; `createContextOptimizer` fills it in.
 *
 * @example
 * ```ts
 * new ContextOptimizerLanguageModel('anthropic:claude-sonnet-4-5', {
 *   provider: 'ctxopt.generate', optimizer: () => client, timeout: 60_000,
 * });
 * ```
 */
export interface ContextOptimizerLanguageModelConfig {
  /** The AI SDK provider id reported by the model. */
  provider: string;
  /** The optimizer, built on first use. */
  optimizer: () => ContextOptimizer;
  level?: CompressionLevel | undefined;
  mode?: CompressionMode | undefined;
  timeout: number;
  onUsage?: ((usage: ContextOptimizerUsage) => void) | undefined;
}

/**
 * A `LanguageModelV4` answered by `POST /v1/generate`; `createContextOptimizer` builds it.
 *
 * @example
 * ```ts
 * const model = createContextOptimizer({ apiKey }).languageModel('openai:gpt-4o-mini');
 * model instanceof ContextOptimizerLanguageModel; // true
 * ```
 *
 * A `LanguageModelV4` answered by `POST /v1/generate`: the service compresses the
 * prompt and calls the chosen provider's model with the provider key kept in its panel.
 * Text in, text out: tools, JSON output and sampling settings are ignored with a
 * warning; files cannot be sent and raise `UnsupportedFunctionalityError`.
 */
export class ContextOptimizerLanguageModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider: string;
  readonly modelId: ContextOptimizerModelId;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  readonly #target: GenerateTarget;
  readonly #config: ContextOptimizerLanguageModelConfig;

  constructor(modelId: ContextOptimizerModelId, config: ContextOptimizerLanguageModelConfig) {
    this.#target = parseModelId(modelId);
    this.modelId = modelId;
    this.provider = config.provider;
    this.#config = config;
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    if (hasFileParts(options.prompt)) {
      throw new UnsupportedFunctionalityError({
        functionality: blockers['file-parts'].feature,
        message: `${blockers['file-parts'].details}: send files to the provider's own model instead.`,
      });
    }
    const callOptions = (options.providerOptions?.[CTXOPT_KEY] ?? {}) as Record<string, unknown>;
    const { level, mode } = this.#policyFor(callOptions);
    const optimizer = this.#config.optimizer();
    const body = toGenerateParams(options, { target: this.#target, level, mode });
    const url = endpointOf(optimizer, '/v1/generate');
    try {
      const response = await sendGenerate(
        body,
        { optimizer, target: this.#target, timeout: this.#config.timeout },
        options,
      );
      const usage = usageFromResponse(response);
      this.#config.onUsage?.(usage);
      return toGenerateResult(response, {
        url,
        body,
        warnings: ignoredWarnings(options, callOptions),
        usage,
      });
    } catch (error) {
      throw toAISDKError(error, {
        url,
        requestBodyValues: body,
        abortSignal: options.abortSignal,
      });
    }
  }

  /** The call's level or mode over the model's, checked like the middleware's per-call options. */
  #policyFor(callOptions: Record<string, unknown>) {
    const { level, mode } = this.#config;
    try {
      return applyCallOptions(
        resolveConversationPolicy(levelOrModeOf({ level, mode })),
        callOptions,
        { prefix: `providerOptions.${CTXOPT_KEY}.` },
      );
    } catch (error) {
      throw optionError(error);
    }
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    return toStreamResult(await this.doGenerate(options));
  }
}

function ignoredWarnings(
  options: LanguageModelV4CallOptions,
  callOptions: Record<string, unknown>,
): SharedV4Warning[] {
  const warnings = unsupportedSettingWarnings(options);
  if (options.tools && options.tools.length > 0) {
    warnings.push({ type: 'unsupported', feature: 'tools', details: blockers.tools.details });
  }
  if (options.responseFormat?.type === 'json') {
    warnings.push({
      type: 'unsupported',
      feature: 'responseFormat',
      details: `${blockers['json-response-format'].details}; the answer is plain text.`,
    });
  }
  for (const option of Object.keys(callOptions)) {
    if (option !== 'level' && option !== 'mode' && callOptions[option] !== undefined) {
      warnings.push({
        type: 'unsupported',
        feature: `providerOptions.ctxopt.${option}`,
        details: 'Only contextOptimizerMiddleware uses this option.',
      });
    }
  }
  return warnings;
}
