import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
  LanguageModelV4Prompt,
  SharedV4Warning,
} from '@ai-sdk/provider';
import type { ConversationPolicy } from '@ctxopt/core';
import { annotateStream } from './annotate-stream.ts';
import { takeCallOptions } from './call-options.ts';
import { type CompressOutcome, compressPrompt } from './compress-prompt.ts';
import { failOpenWarning } from './fail-open-warning.ts';
import type { MiddlewareSettings } from './middleware-settings.ts';
import { toPlannerMessages } from './planner-messages.ts';
import { type ContextOptimizerUsage, withUsageMetadata } from './usage-metadata.ts';

interface CallRecord {
  usage: ContextOptimizerUsage;
  warnings: SharedV4Warning[];
}

/**
 * `strategy: 'compress'`: `transformParams` applies the conversation policy to the prompt
 * (for generate and stream calls alike) and removes `providerOptions.ctxopt`;
 * `wrapGenerate` and `wrapStream` put the outcome into `providerMetadata.ctxopt` and
 * calibrate the token counter from the usage the model reports. The outcome travels from
 * one to the other keyed by the transformed params object, which the AI SDK hands to
 * both, so concurrent calls never mix.
 */
export function compressStrategy(settings: MiddlewareSettings): LanguageModelV4Middleware {
  const { compressor } = settings;
  const records = new WeakMap<LanguageModelV4CallOptions, CallRecord>();
  const done = new WeakMap<LanguageModelV4Prompt, { key: string; outcome: CompressOutcome }>();

  // The AI SDK retries a failed model call with the same prompt array: its outcome is
  // reused as it is. Across steps, unchanged spans come from the compressor's cache.
  async function compressOnce(
    params: LanguageModelV4CallOptions,
    policy: ConversationPolicy,
    key: string,
  ): Promise<CompressOutcome> {
    const previous = done.get(params.prompt);
    if (previous?.key === key) return previous.outcome;
    const outcome = await compressPrompt(params.prompt, policy, settings, params.abortSignal, {
      ...(params.tools ? { tools: params.tools } : {}),
      ...(params.providerOptions ? { providerOptions: params.providerOptions } : {}),
    });
    done.set(params.prompt, { key, outcome });
    settings.onUsage?.(outcome.usage);
    return outcome;
  }

  // The provider's token counts calibrate the counter; its cache reads feed block mode's cost gate.
  const observe = (
    params: LanguageModelV4CallOptions,
    inputTokens: number | undefined,
    cacheReadTokens: number | undefined,
  ) => {
    if (inputTokens !== undefined)
      compressor.observeUsage(toPlannerMessages(params.prompt), inputTokens, cacheReadTokens);
  };

  return {
    specificationVersion: 'v4',
    async transformParams({ params }) {
      const { policy, key, providerOptions } = takeCallOptions(params.providerOptions, compressor);
      const outcome = await compressOnce(params, policy, key);
      const { providerOptions: _removed, ...rest } = params;
      const transformed: LanguageModelV4CallOptions = {
        ...rest,
        prompt: outcome.prompt,
        ...(providerOptions ? { providerOptions } : {}),
      };
      const warnings = 'error' in outcome ? [failOpenWarning('compress', outcome.error)] : [];
      records.set(transformed, { usage: outcome.usage, warnings });
      return transformed;
    },
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      observe(params, result.usage.inputTokens.total, result.usage.inputTokens.cacheRead);
      const record = records.get(params);
      if (!record) return result;
      return {
        ...result,
        providerMetadata: withUsageMetadata(result.providerMetadata, record.usage),
        warnings: [...result.warnings, ...record.warnings],
      };
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream();
      const record = records.get(params);
      const onFinish = (inputTokens: number | undefined, cacheReadTokens: number | undefined) =>
        observe(params, inputTokens, cacheReadTokens);
      return record
        ? annotateStream(result, record.usage, record.warnings, onFinish)
        : annotateStream(result, undefined, [], onFinish);
    },
  };
}
