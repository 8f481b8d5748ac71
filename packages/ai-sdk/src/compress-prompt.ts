import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
} from '@ai-sdk/provider';
import {
  applyCompression,
  type CompressionReport,
  type ConversationCompressor,
  type ConversationPolicy,
} from '@ctxopt/core';
import type { ShadowCall } from '@ctxopt/core/internal';
import { toAISDKError } from './error-mapping.ts';
import { endpointOf } from './optimizer-source.ts';
import { toPlannerMessages } from './planner-messages.ts';
import { promptEdits } from './prompt-edits.ts';
import { type ContextOptimizerUsage, usageFromReport } from './usage-metadata.ts';

export interface CompressSettings {
  compressor: ConversationCompressor;
  createMessage: (compressedText: string) => LanguageModelV4Message;
}

export interface CompressOutcome {
  prompt: LanguageModelV4Prompt;
  usage: ContextOptimizerUsage;
  report: CompressionReport;
  /** Set when a compression failed open: the error that was swallowed. */
  error?: unknown;
}

/**
 * Applies the conversation policy to a prompt: the history span and older tool results
 * are compressed (unchanged ones reused), each put in place; everything else keeps its
 * place and identity. The original prompt comes back when the call is disabled, too
 * small, saves nothing, or fails (unless `onError` is `throw`). `call`'s tools and
 * provider options hold cache marks of the app's that block mode's must fit beside.
 */
export async function compressPrompt(
  prompt: LanguageModelV4Prompt,
  policy: ConversationPolicy,
  settings: CompressSettings,
  abortSignal: AbortSignal | undefined,
  call: Pick<LanguageModelV4CallOptions, 'tools' | 'providerOptions'> = {},
  shadow?: ShadowCall,
): Promise<CompressOutcome> {
  const { compressor } = settings;
  try {
    const run = await compressor.run(toPlannerMessages(prompt), {
      policy,
      ...(abortSignal ? { signal: abortSignal } : {}),
      // The AI SDK retries a thrown APICallError itself; don't multiply the attempts.
      ...(policy.onError === 'throw' ? { maxRetries: 0 } : {}),
      ...(shadow?.levelFor ? { levelFor: shadow.levelFor } : {}),
    });
    // The prompt itself when nothing changed: its identity ties a retry to its call.
    const compressed = applyCompression(
      prompt,
      run.plan,
      run.texts,
      promptEdits(settings.createMessage, call),
    );
    return {
      prompt: compressed,
      usage: usageFromReport(run.report),
      report: run.report,
      ...(run.error === undefined ? {} : { error: run.error }),
    };
  } catch (error) {
    throw toAISDKError(error, {
      url: endpointOf(compressor.optimizer, '/v1/compress'),
      requestBodyValues: undefined,
      abortSignal,
    });
  }
}
