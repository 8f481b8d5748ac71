import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import {
  applyPlan,
  type CompressionLevel,
  type CompressionMode,
  type CompressParams,
  type ContextOptimizer,
  planConversation,
} from '@ctxopt/core';
import { type ContextOptimizerCallOptions, pickLevelOrMode } from './call-options.ts';
import { withDeadline } from './deadline.ts';
import { toAISDKError } from './error-mapping.ts';
import { endpointOf } from './optimizer-source.ts';
import { toPlannerMessages } from './planner-messages.ts';
import {
  type ContextOptimizerUsage,
  failedUsage,
  skippedUsage,
  usageFromResponse,
} from './usage-metadata.ts';

export interface CompressSettings {
  optimizer: ContextOptimizer;
  level?: CompressionLevel | undefined;
  mode?: CompressionMode | undefined;
  minTokens: number;
  protectLastMessages: number;
  compressToolHistory: boolean;
  timeout: number;
  onError: 'passthrough' | 'throw';
  createMessage: (compressedText: string) => LanguageModelV4Message;
}

export interface CompressOutcome {
  prompt: LanguageModelV4Prompt;
  usage: ContextOptimizerUsage;
  /** Set when the call failed open: the error that was swallowed. */
  error?: unknown;
}

/**
 * Compresses the compressible span of a prompt with `POST /v1/compress` and puts one
 * message with the compressed text in its place. Everything else keeps its place and
 * identity. The original prompt comes back when the call is disabled, too small, saves
 * nothing, or fails (unless `onError` is `throw`).
 */
export async function compressPrompt(
  prompt: LanguageModelV4Prompt,
  callOptions: ContextOptimizerCallOptions,
  settings: CompressSettings,
  abortSignal: AbortSignal | undefined,
): Promise<CompressOutcome> {
  if (callOptions.disabled) return { prompt, usage: skippedUsage('disabled') };
  const plan = planConversation(
    toPlannerMessages(prompt, { compressToolHistory: settings.compressToolHistory }),
    {
      minTokens: callOptions.minTokens ?? settings.minTokens,
      pinnedRoles: ['system'],
      protectLastMessages: settings.protectLastMessages,
    },
  );
  if (!plan.compress) {
    return { prompt, usage: skippedUsage(plan.skipReason ?? 'nothing-to-compress') };
  }
  const params: CompressParams = {
    context: plan.context,
    ...(plan.query === undefined ? {} : { query: plan.query }),
    ...pickLevelOrMode(callOptions, settings),
  };
  try {
    const response = await withDeadline(
      (signal) =>
        settings.optimizer.compress(params, {
          signal,
          // The AI SDK retries a thrown APICallError itself; don't multiply the attempts.
          ...(settings.onError === 'throw' ? { maxRetries: 0 } : {}),
        }),
      { timeout: settings.timeout, signal: abortSignal, description: 'POST /v1/compress' },
    );
    const usage = usageFromResponse(response);
    if (usage.savedTokens <= 0) return { prompt, usage: { ...usage, reason: 'no-saving' } };
    const compressed = applyPlan(prompt, plan, response.data.compressed, settings.createMessage);
    return { prompt: compressed, usage };
  } catch (error) {
    if (abortSignal?.aborted || settings.onError === 'throw') {
      throw toAISDKError(error, {
        url: endpointOf(settings.optimizer, '/v1/compress'),
        requestBodyValues: params,
        abortSignal,
      });
    }
    return { prompt, usage: failedUsage(error), error };
  }
}
