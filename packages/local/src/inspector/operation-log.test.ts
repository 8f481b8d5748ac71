import { describe, expect, it } from 'vitest';
import type { InspectedOperation, OperationSummary } from './inspected-operation.ts';
import { OperationLog, SAVINGS_POINTS } from './operation-log.ts';

function operation(id: number, extra: Partial<OperationSummary> = {}): InspectedOperation {
  return {
    summary: {
      id,
      time: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
      method: 'POST',
      endpoint: '/v1/compress',
      operation: 'compress',
      requestId: `req_${id}`,
      status: 200,
      replayed: false,
      conflict: false,
      durationMs: 1,
      savedTokens: 10,
      hasContext: true,
      ...extra,
    },
    truncated: false,
    contextChars: 0,
  };
}

describe('OperationLog', () => {
  it('keeps the newest operations in a ring, newest first, and forgets the evicted ones', () => {
    const log = new OperationLog(3);
    for (let index = 0; index < 7; index++) log.add((id) => operation(id));
    expect(log.list().map((summary) => summary.id)).toEqual([7, 6, 5]);
    expect(log.recorded).toBe(7);
    expect(log.get(4)).toBeUndefined();
    expect(log.get(5)?.summary.requestId).toBe('req_5');
  });

  it('charts charged operations only, in a bounded series with a running total', () => {
    const log = new OperationLog(2);
    log.add((id) => operation(id));
    log.add((id) => operation(id, { replayed: true }));
    log.add((id) => operation(id, { status: 503, savedTokens: undefined }));
    for (let index = 0; index < SAVINGS_POINTS + 5; index++) log.add((id) => operation(id));
    const points = log.savings();
    expect(points).toHaveLength(SAVINGS_POINTS);
    expect(log.totalSavedTokens).toBe(10 * (SAVINGS_POINTS + 6));
    expect(points.at(-1)?.totalSavedTokens).toBe(log.totalSavedTokens);
  });

  it('refuses a size that is not a positive integer, naming the option', () => {
    expect(() => new OperationLog(0)).toThrow(/inspectorMaxOperations must be a positive integer/);
  });
});
