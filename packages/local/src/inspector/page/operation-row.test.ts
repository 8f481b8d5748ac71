import { describe, expect, it } from 'vitest';
import { clock } from './format.ts';
import { operationRow } from './operation-row.ts';
import { summary } from './testing/operation-fixtures.ts';
import { textOf, withClass } from './testing/view-query.ts';

const cells = (row: ReturnType<typeof operationRow>) => row.children.map(textOf);

describe('a row of the operations table', () => {
  it('shows time, endpoint, requestId, level, tokens, savings and status', () => {
    const operation = summary();
    const row = operationRow(operation, false, () => {});
    expect(row.tag).toBe('tr');
    expect(row.dataset).toEqual({ id: '7', requestId: 'req_0123456789abcdef' });
    expect(row.className).toBe('');
    expect(cells(row)).toEqual([
      clock(operation.time),
      'POST /v1/compress',
      'req_0123456789abcdef',
      'level ultra',
      '1,200',
      '400',
      '800 (66.7%)',
      '200',
      '',
    ]);
  });

  it('marks the selected row, and selects its operation when clicked', () => {
    const selected: number[] = [];
    const row = operationRow(summary({ id: 42 }), true, (id) => selected.push(id));
    expect(row.className).toBe('selected');
    row.onClick?.();
    expect(selected).toEqual([42]);
  });

  it('flags replays, conflicts, faults and skipped compressions, and colours the status', () => {
    const flags = (overrides: Parameters<typeof summary>[0]) => {
      const row = operationRow(summary(overrides), false, () => {});
      return { status: row.children[7]!, flags: textOf(row.children[8]!) };
    };
    expect(flags({ replayed: true }).flags).toBe('replayed');
    expect(flags({ status: 409, conflict: true, code: 'idempotency_key_reused' })).toMatchObject({
      flags: '409 conflict',
    });
    const dropped = flags({ status: null, fault: 'drop' });
    expect(dropped.flags).toBe('fault: drop');
    expect(textOf(dropped.status)).toBe('dropped');
    expect(flags({ compression: 'skipped' }).flags).toBe('skipped');
    const pill = (status: number | null) =>
      withClass(
        operationRow(summary({ status }), false, () => {}),
        'pill',
      )[0]!.className;
    expect([200, 404, 503, null].map(pill)).toEqual([
      'pill status-ok',
      'pill status-client',
      'pill status-server',
      'pill status-dropped',
    ]);
  });

  it('shows dashes for a request that never reached an operation', () => {
    const row = operationRow(
      summary({
        method: '',
        endpoint: '/v1/unknown',
        operation: null,
        level: undefined,
        status: 404,
        code: 'not_found',
        inputTokens: undefined,
        compressedTokens: undefined,
        savedTokens: undefined,
        reductionPct: undefined,
      }),
      false,
      () => {},
    );
    expect(cells(row).slice(1)).toEqual([
      '– /v1/unknown',
      'req_0123456789abcdef',
      '–',
      '–',
      '–',
      '–',
      '404 not_found',
      '',
    ]);
  });
});
