import { describe, expect, it } from 'vitest';
import { matchesFilter, type OperationFilter } from './operation-filter.ts';
import { summary } from './testing/operation-fixtures.ts';

const operations = [
  summary({ id: 1, requestId: 'req_ok' }),
  summary({ id: 2, requestId: 'req_replay', replayed: true }),
  summary({
    id: 3,
    requestId: 'req_conflict',
    status: 409,
    conflict: true,
    code: 'idempotency_key_reused',
  }),
  summary({ id: 4, requestId: 'req_fault', status: 503, fault: 'fail', code: 'injected_fault' }),
  summary({ id: 5, requestId: 'req_drop', status: null, fault: 'drop' }),
  summary({
    id: 6,
    requestId: 'req_gen',
    endpoint: '/v1/generate',
    provider: 'openai',
    model: 'gpt-4o-mini',
  }),
  summary({
    id: 7,
    requestId: 'req_other',
    endpoint: '/v1/unknown',
    method: 'GET',
    status: 404,
    operation: null,
  }),
];

function shown(filter: Partial<OperationFilter>): number[] {
  const full = { text: '', endpoint: '', kind: '', ...filter };
  return operations.filter((operation) => matchesFilter(operation, full)).map(({ id }) => id);
}

describe('the operations filter', () => {
  it('shows everything when empty', () => {
    expect(shown({})).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('filters by outcome: 2xx, errors (a dropped socket included), replays, 409s, faults', () => {
    expect(shown({ kind: 'ok' })).toEqual([1, 2, 6]);
    expect(shown({ kind: 'error' })).toEqual([3, 4, 5, 7]);
    expect(shown({ kind: 'replayed' })).toEqual([2]);
    expect(shown({ kind: 'conflict' })).toEqual([3]);
    expect(shown({ kind: 'fault' })).toEqual([4, 5]);
  });

  it('filters by endpoint, "other" being neither compress nor generate', () => {
    expect(shown({ endpoint: '/v1/generate' })).toEqual([6]);
    expect(shown({ endpoint: 'other' })).toEqual([7]);
    expect(shown({ endpoint: '/v1/compress', kind: 'error' })).toEqual([3, 4, 5]);
  });

  it('matches text in any field, whatever its case and the spaces around it', () => {
    expect(shown({ text: '  REQ_GEN ' })).toEqual([6]);
    expect(shown({ text: 'gpt-4o' })).toEqual([6]);
    expect(shown({ text: 'injected' })).toEqual([4]);
    expect(shown({ text: '404' })).toEqual([7]);
    expect(shown({ text: 'get /v1' })).toEqual([]);
    expect(shown({ text: 'level' })).toEqual([]);
  });
});
