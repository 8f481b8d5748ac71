import type { ContextOptimizerUsage } from '@ctxopt/ai-sdk';
import type { ProviderMetadata } from 'ai';

/** One model call of a turn, as `providerMetadata.ctxopt` reported it. */
export interface CallFigures {
  /** The compression the model call used (sent for it, or reused from an earlier step). */
  requestId: string | undefined;
  /** The compress calls made for this model call; an unchanged span reused makes none. */
  serviceRequestIds: string[];
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
    status: usage?.status ?? 'absent',
    inputTokens: usage?.inputTokens ?? 0,
    compressedTokens: usage?.compressedTokens ?? 0,
  };
}

/** 1 - after / before, or 0 when nothing was sent. */
export function reductionOf(before: number, after: number): number {
  return before === 0 ? 0 : 1 - after / before;
}
