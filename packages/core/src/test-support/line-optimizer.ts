import type { CompressParams, CompressResponse, ContextOptimizer } from '@ctxopt/core';

/**
 * A `ContextOptimizer` in process that keeps every fourth line of a string context
 * (deterministic, so the same input compresses to the same bytes) and records each call.
 */
export function lineOptimizer(options: { failing?: () => boolean; delayMs?: number } = {}) {
  const calls: CompressParams[] = [];
  const optimizer: ContextOptimizer = {
    async compress(params, requestOptions) {
      calls.push(params);
      if (options.delayMs) {
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, options.delayMs);
          requestOptions?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(requestOptions.signal!.reason);
          });
        });
      }
      if (options.failing?.()) throw new Error('service unavailable');
      const text =
        typeof params.context === 'string'
          ? params.context
          : params.context.map((m) => m.content).join('\n');
      const lines = text.split('\n');
      const kept = lines.filter((_, index) => index % 4 === 0).join('\n');
      const inputTokens = Math.ceil(text.length / 4);
      const compressedTokens = Math.ceil(kept.length / 4);
      return {
        success: true,
        requestId: `req_${calls.length}`,
        data: { compressed: kept },
        compression: { status: 'compressed' },
        usage: {
          request: {
            inputTokens,
            compressedTokens,
            savedTokens: inputTokens - compressedTokens,
            reductionPct: 0,
          },
          monthly: {
            limitTokens: 1e9,
            usedTokens: 0,
            remainingTokens: 1e9,
            resetsAt: '2026-12-01T00:00:00Z',
          },
        },
      } satisfies CompressResponse;
    },
    async generate() {
      throw new Error('not used');
    },
  };
  return { optimizer, calls };
}

/** Tool output of `records` lines, each naming its id, as a lookup tool would return. */
export function recordLines(turn: number, records = 40): string {
  return Array.from(
    { length: records },
    (_, index) =>
      `order ${turn * 1000 + index}: customer C-${turn}-${index}, status ${['shipped', 'pending', 'returned'][index % 3]}, total ${(turn * 7 + index * 13) % 500} EUR`,
  ).join('\n');
}
