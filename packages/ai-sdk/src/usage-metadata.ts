import type { JSONObject, SharedV4ProviderMetadata } from '@ai-sdk/provider';
import {
  type AgreementFigure,
  type BlockReport,
  type CompressedSpanReport,
  type CompressionReport,
  type CompressResponse,
  type GenerateResponse,
  type MonthlyUsage,
  summarizeError,
  summarizeUsage,
} from '@ctxopt/core';
import { CTXOPT_KEY } from './call-options.ts';

/**
 * Why the service was not asked, or why its answer was not used.
 *
 * @example
 * ```ts
 * if (usage.status === 'skipped' && usage.reason === 'below-min-tokens') metrics.increment('ctxopt.small');
 * ```
 */
export type SkipReason =
  | 'disabled'
  | 'below-min-tokens'
  | 'below-trigger'
  | 'nothing-to-compress'
  | 'no-saving'
  | 'tools'
  | 'json-response-format'
  | 'file-parts'
  | 'unmapped-provider';

/**
 * @example
 * ```ts
 * const { providerMetadata } = await generateText({ model, messages });
 * const usage = providerMetadata?.ctxopt as ContextOptimizerUsage | undefined;
 * logger.info('ctxopt', { requestId: usage?.requestId, saved: usage?.savedTokens });
 * ```
 *
 * What one call did with the service, as found in `providerMetadata.ctxopt` and given
 * to `onUsage`. Token figures are the service's exact counts for the spans whose
 * compressed text the model received; they are 0 when nothing was sent or no answer came.
 * With the compress strategy it is the policy's `CompressionReport` (the one `onCompress`
 * receives): which messages, sizes before and after, compressed texts, request ids.
 */
export interface ContextOptimizerUsage {
  /** The service's request id, to log (spec 7.5); absent when nothing was sent. */
  requestId?: string;
  /** The service's `compression.status` (`compressed`, ...), or `skipped` / `failed`. */
  status: string;
  inputTokens: number;
  compressedTokens: number;
  savedTokens: number;
  reductionPct: number;
  /**
   * Input tokens the service charged for this call: its new compress (or generate) calls
   * only. A compression reused from the store or an earlier step is charged nothing again,
   * so summed over the steps and turns of a conversation this equals what the service
   * charged. `inputTokens` also counts reused spans.
   */
  chargedInputTokens: number;
  /** Input tokens of the compressions this call reused, charged when they were first made. */
  reusedInputTokens: number;
  /** The monthly quota, when the response carries it. */
  monthly?: Pick<MonthlyUsage, 'limitTokens' | 'usedTokens' | 'remainingTokens' | 'resetsAt'>;
  /** Set when `status` is `skipped`, or when the answer was not used (`no-saving`). */
  reason?: SkipReason;
  /** Set when `status` is `failed`: the error that was swallowed to fail open. */
  error?: { name: string; message: string; status?: number; code?: string; requestId?: string };
  /** Compress strategy: what became of each span sent (or reused) for this call. */
  spans?: CompressedSpanReport[];
  /** Compress strategy: the request ids of the calls made for this prompt (reused spans make none). */
  requestIds?: string[];
  /** Compress strategy: how many compress calls this prompt made. */
  calls?: number;
  /** Compress strategy: the prompt's size in (calibrated) tokens before compression. */
  promptTokens?: number;
  droppedReasoning?: number;
  removedMessages?: number;
  durationMs?: number;
  /**
   * Compress strategy, block mode: closed blocks, tool results compressed and reused from
   * the store, characters sent, results left verbatim by the cost gate (`gatedParts`),
   * recalled lines.
   */
  blocks?: BlockReport;
  /**
   * Compress strategy with `shadow` or `observe`: whether this call will be answered once
   * more uncompressed in the background (`sampled`), whether the model received the
   * original prompt (`observed`), and the running agreement of the levels it used.
   */
  shadow?: { sampled: boolean; observed: boolean; agreement: AgreementFigure[] };
}

export function usageFromReport(report: CompressionReport): ContextOptimizerUsage {
  return { ...report };
}

export function usageFromResponse(
  response: CompressResponse | GenerateResponse,
): ContextOptimizerUsage {
  return summarizeUsage(response);
}

const noTokens = {
  inputTokens: 0,
  compressedTokens: 0,
  savedTokens: 0,
  reductionPct: 0,
  chargedInputTokens: 0,
  reusedInputTokens: 0,
};

export function skippedUsage(reason: SkipReason): ContextOptimizerUsage {
  return { status: 'skipped', ...noTokens, reason };
}

export function failedUsage(error: unknown): ContextOptimizerUsage {
  const summary = summarizeError(error);
  return {
    ...(summary.requestId ? { requestId: summary.requestId } : {}),
    status: 'failed',
    ...noTokens,
    error: summary,
  };
}

/** `providerMetadata` with `ctxopt` set, other providers' entries kept. */
export function withUsageMetadata(
  providerMetadata: SharedV4ProviderMetadata | undefined,
  usage: ContextOptimizerUsage,
): SharedV4ProviderMetadata {
  return { ...providerMetadata, [CTXOPT_KEY]: usage as unknown as JSONObject };
}
