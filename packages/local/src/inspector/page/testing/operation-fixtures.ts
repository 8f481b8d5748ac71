import type { OperationSummary } from '../../inspected-operation.ts';
import type { OperationDetail } from '../../operation-detail.ts';

/** A compress operation as the state lists it. */
export function summary(overrides: Partial<OperationSummary> = {}): OperationSummary {
  return {
    id: 7,
    time: '2026-11-25T14:00:00.000Z',
    method: 'POST',
    endpoint: '/v1/compress',
    operation: 'compress',
    requestId: 'req_0123456789abcdef',
    level: 'ultra',
    status: 200,
    replayed: false,
    conflict: false,
    durationMs: 12,
    compression: 'compressed',
    inputTokens: 1200,
    compressedTokens: 400,
    savedTokens: 800,
    reductionPct: 66.66,
    hasContext: true,
    ...overrides,
  };
}

/** A compress operation in full: two sentences kept, one dropped. */
export function detail(overrides: Partial<OperationDetail> = {}): OperationDetail {
  return {
    ...summary(),
    query: 'What is the capital of France?',
    context: { chars: 86, truncated: false },
    compressed: { text: 'Paris is the capital. It is large.', source: 'response' },
    answer: null,
    segments: [
      { text: 'Paris is the capital.', kept: true },
      { text: ' ', kept: true },
      { text: 'Octopuses have three hearts.', kept: false },
      { text: ' ', kept: true },
      { text: 'It is large.', kept: true },
    ],
    ...overrides,
  };
}
