import type { ContextOptimizerUsage } from '@ctxopt/ai-sdk';
import type { ProviderMetadata } from 'ai';

/** One model call of a turn, as `providerMetadata.ctxopt` reported it. */
export interface CallFigures {
  /** The compression the model call used (sent for it, or reused from an earlier step). */
  requestId: string | undefined;
  /** The compress calls made for this model call; an unchanged span reused makes none. */
  serviceRequestIds: string[];
  /** Input tokens the service charged for those calls. */
  chargedInputTokens: number;
  /** Input tokens of compressions reused from an earlier step: charged then, not again. */
  reusedInputTokens: number;
  /** `compressed`, or `skipped` / `failed` when the prompt went to the model as it was. */
  status: string;
  /** Tokens of the compressible part of the prompt (history and retrieved sections). */
  inputTokens: number;
  /** What those tokens became. */
  compressedTokens: number;
}

/** What one turn of the conversation cost and gave. */
export interface TurnFigures {
  question: string;
  answer: string;
  /** `lookupStation({"code":"WF-03"})` for each tool call of the turn. */
  toolCalls: string[];
  calls: CallFigures[];
  /** Compress calls the turn made (a step that reused a compression made none). */
  compressCalls: number;
  /** Input tokens the service charged for the turn, and those reused without a charge. */
  chargedInputTokens: number;
  reusedInputTokens: number;
  inputTokens: number;
  compressedTokens: number;
  /** 1 - compressed / input, 0 when nothing was compressed. */
  reduction: number;
  /** Input tokens the model itself reported, summed over the turn's calls. */
  modelInputTokens: number;
}

/** Reads `providerMetadata.ctxopt` of one step (a step without it counts as nothing sent). */
export function callFiguresOf(providerMetadata: ProviderMetadata | undefined): CallFigures {
  const usage = providerMetadata?.ctxopt as ContextOptimizerUsage | undefined;
  return {
    requestId: usage?.requestId,
    serviceRequestIds: usage?.requestIds ?? [],
    chargedInputTokens: usage?.chargedInputTokens ?? 0,
    reusedInputTokens: usage?.reusedInputTokens ?? 0,
    status: usage?.status ?? 'absent',
    inputTokens: usage?.inputTokens ?? 0,
    compressedTokens: usage?.compressedTokens ?? 0,
  };
}

/** 1 - after / before, or 0 when nothing was sent. */
export function reductionOf(before: number, after: number): number {
  return before === 0 ? 0 : 1 - after / before;
}
