import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
  LanguageModelV4Prompt,
  SharedV4Warning,
} from '@ai-sdk/provider';
import type { ConversationPolicy } from '@ctxopt/core';
import type { ShadowCall, ShadowTicket } from '@ctxopt/core/internal';
import { annotateStream } from './annotate-stream.ts';
import { takeCallOptions } from './call-options.ts';
import { type CompressOutcome, compressPrompt } from './compress-prompt.ts';
import { failOpenWarning } from './fail-open-warning.ts';
import type { MiddlewareSettings } from './middleware-settings.ts';
import { offeredTools } from './offered-tools.ts';
import { toPlannerMessages } from './planner-messages.ts';
import { shadowOriginal, shadowStream } from './shadow-call.ts';
import { type ContextOptimizerUsage, withUsageMetadata } from './usage-metadata.ts';

interface CallRecord {
  usage: ContextOptimizerUsage;
  warnings: SharedV4Warning[];
  /** Set when this call is shadowed: the original prompt goes to the model once more afterwards. */
  shadow?: { ticket: ShadowTicket; original: LanguageModelV4Prompt };
}

/**
 * `strategy: 'compress'`: `transformParams` applies the conversation policy to the prompt
 * (for generate and stream calls alike) and removes `providerOptions.ctxopt`;
 * `wrapGenerate` and `wrapStream` put the outcome into `providerMetadata.ctxopt` and
 * calibrate the token counter from the usage the model reports. The outcome travels from
 * one to the other keyed by the transformed params object, which the AI SDK hands to
 * both, so concurrent calls never mix. With `shadow`, a sampled call is answered once
 * more with the original prompt after the user's answer, in the background.
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
    shadow: ShadowCall | undefined,
  ): Promise<CompressOutcome> {
    const previous = done.get(params.prompt);
    if (previous?.key === key) return previous.outcome;
    const outcome = await compressPrompt(
      params.prompt,
      policy,
      settings,
      params.abortSignal,
      {
        ...(params.tools ? { tools: params.tools } : {}),
        ...(params.providerOptions ? { providerOptions: params.providerOptions } : {}),
      },
      shadow,
    );
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
      const shadow = compressor.shadow.begin(policy);
      const outcome = await compressOnce(params, policy, key, shadow);
      const observed = shadow !== undefined && policy.shadow.observe;
      if (observed) shadow.observed(outcome.report);
      const ticket = observed ? undefined : shadow?.admit(outcome.report);
      const { providerOptions: _removed, tools: _tools, ...rest } = params;
      // `observe`: the model receives the original prompt; the report says what compression would do.
      const prompt = observed ? params.prompt : outcome.prompt;
      const tools = offeredTools(params, () => {
        const conversation = toPlannerMessages(params.prompt);
        const sent = prompt === params.prompt ? conversation : toPlannerMessages(prompt);
        return compressor.retrieveTool.offered(conversation, sent);
      });
      const transformed: LanguageModelV4CallOptions = {
        ...rest,
        prompt,
        ...(tools ? { tools } : {}),
        ...(providerOptions ? { providerOptions } : {}),
      };
      const warnings = 'error' in outcome ? [failOpenWarning('compress', outcome.error)] : [];
      const usage: ContextOptimizerUsage = shadow
        ? {
            ...outcome.usage,
            shadow: {
              sampled: ticket !== undefined,
              observed,
              agreement: compressor.shadow
                .summary()
                .agreement.filter((figure) =>
                  outcome.report.spans.some((span) => span.kind === figure.kind),
                ),
            },
          }
        : outcome.usage;
      records.set(transformed, {
        usage,
        warnings,
        ...(ticket ? { shadow: { ticket, original: params.prompt } } : {}),
      });
      return transformed;
    },
    async wrapGenerate({ doGenerate, params, model }) {
      const record = records.get(params);
      let result: Awaited<ReturnType<typeof doGenerate>>;
      try {
        result = await doGenerate();
      } catch (error) {
        record?.shadow?.ticket.cancel();
        throw error;
      }
      observe(params, result.usage.inputTokens.total, result.usage.inputTokens.cacheRead);
      if (record?.shadow) shadowOriginal(record.shadow, params, model, result.content);
      if (!record) return result;
      return {
        ...result,
        providerMetadata: withUsageMetadata(result.providerMetadata, record.usage),
        warnings: [...result.warnings, ...record.warnings],
      };
    },
    async wrapStream({ doStream, params, model }) {
      const record = records.get(params);
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        record?.shadow?.ticket.cancel();
        throw error;
      }
      const onFinish = (inputTokens: number | undefined, cacheReadTokens: number | undefined) =>
        observe(params, inputTokens, cacheReadTokens);
      // A streamed call is shadowed with a non-streaming call, once its stream has finished.
      const watched = record?.shadow ? shadowStream(result, record.shadow, params, model) : result;
      return record
        ? annotateStream(watched, record.usage, record.warnings, onFinish)
        : annotateStream(watched, undefined, [], onFinish);
    },
  };
}
