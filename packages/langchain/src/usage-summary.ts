import type { CompressResponse, GenerateResponse, MonthlyUsage } from '@ctxopt/core';

/** The figures of one compression, as put on documents and messages (`metadata.ctxopt`). */
export interface CompressionSummary {
  requestId: string;
  /** `compression.status` as the service sent it (`compressed`, or any other value). */
  status: string;
  inputTokens: number;
  compressedTokens: number;
  savedTokens: number;
  reductionPct: number;
}

export function summarizeCompression(
  response: CompressResponse | GenerateResponse,
): CompressionSummary {
  const { inputTokens, compressedTokens, savedTokens, reductionPct } = response.usage.request;
  return {
    requestId: response.requestId,
    status: response.compression.status,
    inputTokens,
    compressedTokens,
    savedTokens,
    reductionPct,
  };
}

/** The summary plus the monthly quota block, when the response carries one (generate may not). */
export function summarizeUsage(
  response: CompressResponse | GenerateResponse,
): CompressionSummary & { monthly?: MonthlyUsage } {
  const { monthly } = response.usage;
  return { ...summarizeCompression(response), ...(monthly ? { monthly } : {}) };
}

/**
 * Whether a status reports a failed optimization. The contract shows only `compressed`;
 * other values pass through, and only one that names a failure keeps the input as it was.
 */
export function isFailureStatus(status: string): boolean {
  return /error|fail/i.test(status);
}
