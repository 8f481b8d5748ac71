import { describe, expect, it } from 'vitest';
import { findTarget, hashTarget } from './location-hash.ts';
import { summary } from './testing/operation-fixtures.ts';

describe('the location hash', () => {
  it('names an operation by number or by requestId', () => {
    expect(hashTarget('#op=12')).toEqual({ operationId: 12 });
    expect(hashTarget('#req_abc')).toEqual({ requestId: 'req_abc' });
    expect(hashTarget('#req%20a%2Fb')).toEqual({ requestId: 'req a/b' });
    expect(hashTarget('#op=x')).toEqual({ requestId: 'op=x' });
  });

  it('names nothing when empty or when it does not decode', () => {
    expect(hashTarget('')).toBeUndefined();
    expect(hashTarget('#')).toBeUndefined();
    expect(hashTarget('#%E0%A4%A')).toBeUndefined();
  });

  it('finds the newest listed operation it names', () => {
    const operations = [
      summary({ id: 3, requestId: 'req_a' }),
      summary({ id: 2, requestId: 'req_a', replayed: true }),
      summary({ id: 1, requestId: 'req_b' }),
    ];
    expect(findTarget(operations, { requestId: 'req_a' })?.id).toBe(3);
    expect(findTarget(operations, { operationId: 2 })?.id).toBe(2);
    expect(findTarget(operations, { operationId: 9 })).toBeUndefined();
  });
});
