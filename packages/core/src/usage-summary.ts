import { APIError } from './errors.ts';
import type { CompressResponse, GenerateResponse, MonthlyUsage } from './schemas.ts';

/**
 * The figures of one optimization as the integrations report them (LangChain events and
 * metadata, AI SDK `providerMetadata.ctxopt`): one shape, built in one place.
 */
export interface UsageSummary {
  requestId: string;
  /** `compression.status` as the service sent it (`compressed`, or any other value). */
  status: string;
  inputTokens: number;
  compressedTokens: number;
  savedTokens: number;
  reductionPct: number;
  /** Input tokens the service charged for this request: all of `inputTokens` (one new call). */
  chargedInputTokens: number;
  /** Input tokens reused from an earlier compression: none for a single request. */
  reusedInputTokens: number;
  /** The monthly quota, when the response carries it (generate may not). */
  monthly?: MonthlyUsage;
}

export function summarizeUsage(response: CompressResponse | GenerateResponse): UsageSummary {
  const { request, monthly } = response.usage;
  return {
    requestId: response.requestId,
    status: response.compression.status,
    inputTokens: request.inputTokens,
    compressedTokens: request.compressedTokens,
    savedTokens: request.savedTokens,
    reductionPct: request.reductionPct,
    chargedInputTokens: request.inputTokens,
    reusedInputTokens: 0,
    // The contract's four fields only: what a callback or metadata consumer can rely on.
    ...(monthly
      ? {
          monthly: {
            limitTokens: monthly.limitTokens,
            usedTokens: monthly.usedTokens,
            remainingTokens: monthly.remainingTokens,
            resetsAt: monthly.resetsAt,
          },
        }
      : {}),
  };
}

/** What of an error is safe to report through a framework: never a header, never the key. */
export interface ErrorSummary {
  name: string;
  message: string;
  status?: number;
  code?: string;
  requestId?: string;
}

export function summarizeError(error: unknown): ErrorSummary {
  const summary: ErrorSummary = {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
  };
  if (APIError.isInstance(error)) {
    if (error.status !== undefined) summary.status = error.status;
    if (error.code !== undefined) summary.code = error.code;
    if (error.requestId !== undefined) summary.requestId = error.requestId;
  }
  return summary;
}
