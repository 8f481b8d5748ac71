import {
  InvalidArgumentError,
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4GenerateResult,
  type LanguageModelV4Middleware,
  type SharedV4Warning,
} from '@ai-sdk/provider';
import type { ConversationPolicy } from '@ctxopt/core';
import { annotateStream } from './annotate-stream.ts';
import { takeCallOptions } from './call-options.ts';
import { toAISDKError } from './error-mapping.ts';
import { failOpenWarning } from './fail-open-warning.ts';
import { sendGenerate, toGenerateParams } from './generate-call.ts';
import { toGenerateResult } from './generate-result.ts';
import { toStreamResult } from './generate-stream.ts';
import type { MiddlewareSettings } from './middleware-settings.ts';
import { endpointOf } from './optimizer-source.ts';
import { type GenerateTarget, mapGenerateTarget } from './provider-id.ts';
import { blockers, generateBlocker, unsupportedSettingWarnings } from './unsupported-settings.ts';
import {
  type ContextOptimizerUsage,
  failedUsage,
  skippedUsage,
  usageFromResponse,
  withUsageMetadata,
} from './usage-metadata.ts';

/** The call was answered by `/v1/generate`, or goes to the wrapped model with this record. */
type Decision =
  | { kind: 'generated'; result: LanguageModelV4GenerateResult }
  | { kind: 'fallback'; usage: ContextOptimizerUsage; warnings: SharedV4Warning[] };

/**
 * `strategy: 'generate'`: the call goes to `/v1/generate` for the wrapped model's provider
 * and model id instead of to the model. Calls the endpoint cannot take (tools, a JSON
 * response format, files) go to the wrapped model with an `unsupported` warning; a
 * failed call does too, unless `onError` is `throw`.
 */
export function generateStrategy(settings: MiddlewareSettings): LanguageModelV4Middleware {
  const policyOf = new WeakMap<LanguageModelV4CallOptions, ConversationPolicy>();
  const targetOf = (model: LanguageModelV4): GenerateTarget | undefined =>
    settings.provider
      ? { provider: settings.provider, model: model.modelId }
      : mapGenerateTarget(model);

  async function decide(
    params: LanguageModelV4CallOptions,
    model: LanguageModelV4,
  ): Promise<Decision> {
    const policy = policyOf.get(params) ?? settings.policy;
    if (policy.disabled) return fallback(skippedUsage('disabled'), []);
    const target = targetOf(model);
    if (!target) {
      if (policy.onError === 'throw') throw unmappedModelError(model);
      return fallback(skippedUsage('unmapped-provider'), [
        {
          type: 'unsupported',
          feature: `provider ${model.provider}`,
          details: `POST /v1/generate runs openai, anthropic and google models; the call went to the wrapped model.`,
        },
      ]);
    }
    const blocker = generateBlocker(params);
    if (blocker) {
      return fallback(skippedUsage(blocker), [
        {
          type: 'unsupported',
          feature: blockers[blocker].feature,
          details: `${blockers[blocker].details}; the call went to the wrapped model.`,
        },
      ]);
    }
    const body = toGenerateParams(params, {
      target,
      level: policy.level,
      mode: policy.mode,
    });
    const url = endpointOf(settings.optimizer, '/v1/generate');
    try {
      const response = await sendGenerate(
        body,
        { optimizer: settings.optimizer, target, timeout: settings.generateTimeout },
        params,
      );
      const usage = usageFromResponse(response);
      const result = toGenerateResult(response, {
        url,
        body,
        warnings: unsupportedSettingWarnings(params),
        usage,
      });
      settings.onUsage?.(usage);
      return { kind: 'generated', result };
    } catch (error) {
      if (params.abortSignal?.aborted || policy.onError === 'throw') {
        throw toAISDKError(error, {
          url,
          requestBodyValues: body,
          abortSignal: params.abortSignal,
        });
      }
      return fallback(failedUsage(error), [failOpenWarning('generate', error)]);
    }
  }

  function fallback(usage: ContextOptimizerUsage, warnings: SharedV4Warning[]): Decision {
    settings.onUsage?.(usage);
    return { kind: 'fallback', usage, warnings };
  }

  return {
    specificationVersion: 'v4',
    // Runs when the model is wrapped: an unroutable model is reported there, not on its first call.
    overrideProvider({ model }) {
      if (settings.policy.onError === 'throw' && !targetOf(model)) throw unmappedModelError(model);
      return model.provider;
    },
    async transformParams({ params }) {
      const { policy, providerOptions } = takeCallOptions(
        params.providerOptions,
        settings.compressor,
      );
      const { providerOptions: _removed, ...rest } = params;
      const transformed = { ...rest, ...(providerOptions ? { providerOptions } : {}) };
      policyOf.set(transformed, policy);
      return transformed;
    },
    async wrapGenerate({ doGenerate, params, model }) {
      const decision = await decide(params, model);
      if (decision.kind === 'generated') return decision.result;
      const result = await doGenerate();
      return {
        ...result,
        providerMetadata: withUsageMetadata(result.providerMetadata, decision.usage),
        warnings: [...result.warnings, ...decision.warnings],
      };
    },
    async wrapStream({ doStream, params, model }) {
      const decision = await decide(params, model);
      if (decision.kind === 'generated') return toStreamResult(decision.result);
      return annotateStream(await doStream(), decision.usage, decision.warnings);
    },
  };
}

function unmappedModelError(model: LanguageModelV4): InvalidArgumentError {
  return new InvalidArgumentError({
    argument: 'model',
    message:
      `contextOptimizerMiddleware({ strategy: 'generate' }) cannot route model "${model.modelId}" ` +
      `of provider "${model.provider}": POST /v1/generate runs openai, anthropic and google models. ` +
      `Set the provider option, or onError: 'passthrough' to send such calls to the wrapped model.`,
  });
}
