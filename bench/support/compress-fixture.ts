/**
 * A realistic compress call for benchmarks: a 20-message support conversation of a few
 * hundred characters per message, and the success body of spec 2.3 with a compressed
 * context about a quarter of the input's length. Deterministic, so runs compare.
 */

const sentences = [
  'The deployment pipeline failed at the integration stage after the cache was warmed.',
  'Our logs show the worker pool restarted twice within a minute of the schema migration.',
  'Customers on the legacy plan reported that exports took longer than usual on Monday.',
  'The retry budget was exhausted because the upstream service answered with status 503.',
  'We rolled back the feature flag, and latency returned to its baseline within an hour.',
  'The dashboard aggregates p95 latency per region and highlights anything above 400 ms.',
  'A follow-up ticket tracks the missing index on the orders table for the nightly report.',
  'Support asked whether the invoice totals include tax for customers in the new regions.',
];

function messageText(index: number): string {
  // Four sentences per message, rotated so no two neighbouring messages are alike.
  return Array.from(
    { length: 4 },
    (_, offset) => sentences[(index * 3 + offset) % sentences.length],
  ).join(' ');
}

/** The body of `POST /v1/compress` the benchmarks send (spec 2.1). */
export function compressRequestParams(messageCount = 20) {
  return {
    context: Array.from({ length: messageCount }, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: messageText(index),
    })),
    query: 'Why did the exports slow down on Monday, and is it fixed?',
    level: 'standard' as const,
  };
}

/** A valid `POST /v1/compress` success body (spec 2.3), as JSON text. */
export function compressSuccessBody(): string {
  return JSON.stringify({
    success: true,
    requestId: 'req_bench_0001',
    data: { compressed: [0, 2, 4, 6, 8].map(messageText).join('\n') },
    compression: { status: 'compressed' },
    usage: {
      request: { inputTokens: 1640, compressedTokens: 410, savedTokens: 1230, reductionPct: 75.0 },
      monthly: {
        limitTokens: 1_000_000,
        usedTokens: 1640,
        remainingTokens: 998_360,
        resetsAt: '2026-12-01T00:00:00.000Z',
      },
    },
  });
}
