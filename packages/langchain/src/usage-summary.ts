import {
  type CompressResponse,
  type GenerateResponse,
  summarizeUsage,
  type UsageSummary,
} from '@ctxopt/core';

/** The figures of one compression, as put on documents and messages (`metadata.ctxopt`). */
export type CompressionSummary = Omit<UsageSummary, 'monthly'>;

export function summarizeCompression(
  response: CompressResponse | GenerateResponse,
): CompressionSummary {
  const { monthly: _monthly, ...summary } = summarizeUsage(response);
  return summary;
}

/** The summary plus the monthly quota block, when the response carries one (generate may not). */
export { summarizeUsage };

/**
 * Whether a status reports a failed optimization. The contract shows only `compressed`;
 * other values pass through, and only one that names a failure keeps the input as it was.
 */
export function isFailureStatus(status: string): boolean {
  return /error|fail/i.test(status);
}
