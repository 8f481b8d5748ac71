import type { MonthlyUsage } from '../schemas.ts';
import type { ErrorSummary } from '../usage-summary.ts';
import type { PlanSkipReason } from './conversation.ts';

/** Why a prompt was sent as it came: compression off, under the trigger, or nothing worth sending. */
export type CompressionSkipReason = 'disabled' | 'below-trigger' | PlanSkipReason;

/** What happened to one span of a prompt. */
export interface CompressedSpanReport {
  /**
   * `history`: a run of earlier messages became one message; `tool-result`: one result was
   * compressed in place; `message-text`: block mode compressed a long user or assistant text in place.
   */
  kind: 'history' | 'tool-result' | 'message-text';
  /** Indexes of the compressed messages in the prompt as it came in. */
  messageIndexes: number[];
  toolCallId?: string;
  toolName?: string;
  /** `compressed` when the compressed text was used; `no-saving`, `failed`, or the service's other status otherwise. */
  status: string;
  /** True when the answer came from an earlier, identical compression: no call was made. */
  cached: boolean;
  /** The service's request id of the compression used. */
  requestId?: string;
  /** Characters of the text sent for compression. */
  charactersBefore: number;
  /** Characters of the compressed text; equal to `charactersBefore` when the span stayed as it was. */
  charactersAfter: number;
  /** The service's token figures for this span (0 when no answer came). */
  inputTokens: number;
  compressedTokens: number;
  savedTokens: number;
  /** The compressed text the model received, when it was used. */
  compressedText?: string;
  /** Set when `status` is `failed`. */
  error?: ErrorSummary;
}

/** What block mode did with one prompt. */
export interface BlockReport {
  /** Closed blocks in the prompt. */
  blocks: number;
  /** Index (in the prompt as it came in) where the open tail starts. */
  tailStart: number;
  /** Tool results and long texts replaced by their compression, and of those the ones found in the store. */
  compressedParts: number;
  reusedParts: number;
  /** Characters sent to the service by this prompt. */
  charactersSent: number;
  /**
   * Tool results left verbatim by the cost gate: the provider reported them cached, and
   * rewriting them would cost more in cache writes than it saves in reads.
   */
  gatedParts: number;
  /** Lines of compressed originals recalled for the current question. */
  recalledLines: number;
}

/**
 * What the policy did with one prompt: given to `onCompress`, and carried by the AI SDK's
 * `providerMetadata.ctxopt` and LangChain's `ctxopt_usage` event. The token sums cover
 * the spans whose compressed text the model received.
 */
export interface CompressionReport {
  /** `compressed`: at least one span was used; `skipped`: nothing was sent; `failed`: every call failed. */
  status: 'compressed' | 'skipped' | 'failed';
  /** Why nothing was sent, or why nothing was used (`no-saving`). */
  reason?: CompressionSkipReason | 'no-saving';
  spans: CompressedSpanReport[];
  /** The request id of the last new call (`requestIds` has all of them), else of a reused compression or of the failure. */
  requestId?: string;
  /** Request ids of the calls this prompt made (cache hits make none). */
  requestIds: string[];
  /** Compress calls made for this prompt. */
  calls: number;
  /**
   * Input tokens the service charged for this prompt: those of its new calls (`calls`),
   * whether or not their answer was used. Reused compressions are charged nothing again,
   * so summed over a conversation this equals what the service charged for it.
   */
  chargedInputTokens: number;
  /**
   * Input tokens of the compressions this prompt reused (from the store, or from an
   * earlier step): already charged when they were first made. Of the spans the model
   * received, `inputTokens` = what was charged for them now + `reusedInputTokens`.
   */
  reusedInputTokens: number;
  /** The service's figures for the spans whose compressed text the model received, reused ones included. */
  inputTokens: number;
  compressedTokens: number;
  savedTokens: number;
  reductionPct: number;
  /** The monthly quota from the last response that carried it. */
  monthly?: Pick<MonthlyUsage, 'limitTokens' | 'usedTokens' | 'remainingTokens' | 'resetsAt'>;
  /** The prompt's size in (calibrated) tokens before compression. */
  promptTokens: number;
  /** Messages whose reasoning was dropped, and empty messages removed. */
  droppedReasoning: number;
  removedMessages: number;
  /** Milliseconds spent, deadline included. */
  durationMs: number;
  /** The first failure, when a span failed and the prompt kept it as it was. */
  error?: ErrorSummary;
  /** Block mode's figures, when it ran. */
  blocks?: BlockReport;
}
