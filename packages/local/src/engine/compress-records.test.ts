import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';
import { recordLineStarts } from './record-lines.ts';

const STATUSES = ['shipped', 'pending', 'returned', 'cancelled'] as const;

/** A lookup tool's output: one order per line, fields separated by ` | `. */
function orderLines(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const seed = (index * 104_729 + 7919) % 100_003;
    return (
      `order ${7000 + index} | customer ${['Acme', 'Globex', 'Initech', 'Hooli'][seed % 4]}-${seed % 997} | ` +
      `status ${STATUSES[seed % 4]} | total ${((seed % 90_000) / 100 + 10).toFixed(2)} EUR | warehouse ${['Leeds', 'Lyon', 'Porto'][seed % 3]}`
    );
  });
}

const QUESTION = 'How many of these orders are pending?';

describe('records, one per line', () => {
  it('finds the lines of records, CSV rows and log lines, and leaves wrapped prose alone', () => {
    const records = orderLines(5).join('\n');
    expect(recordLineStarts(records, 0, records.length)).toHaveLength(4);
    const csv = ['id,name,city', '1,Marta,Oslo', '2,Kestrel,Lisbon', '3,Tanaka,Osaka'].join('\n');
    expect(recordLineStarts(csv, 0, csv.length)).toHaveLength(3);
    const log = Array.from(
      { length: 6 },
      (_, index) =>
        `2026-03-0${index + 1} 12:0${index}:00 worker ${index} restarted after a timeout`,
    ).join('\n');
    expect(recordLineStarts(log, 0, log.length)).toHaveLength(5);
    const wrapped = [
      'The review found that the Leeds warehouse shipped most orders on time in',
      'March, although two carriers missed their pickup windows on the northern',
      'lanes, and the team agreed to move those lanes to a third carrier from',
      'April onwards, once the contract is signed by both parties.',
    ].join('\n');
    expect(recordLineStarts(wrapped, 0, wrapped.length)).toEqual([]);
  });

  it('keeps whole records, the ones the question names first', () => {
    const lines = orderLines(40);
    const pending = lines.filter((line) => line.includes('status pending'));
    expect(pending.length).toBeGreaterThanOrEqual(8);
    const context = lines.join('\n');
    for (const level of ['low', 'standard', 'ultra'] as const) {
      const result = compressContext({ context, query: QUESTION, level });
      expect(result.status).toBe('compressed');
      // Every line out is a line in: no record is cut into pieces.
      for (const line of result.compressed.split('\n')) expect(lines).toContain(line);
    }
    // At 2x all ten pending orders fit, and all are kept; at 4x (ten lines' worth) the kept
    // lines are pending ones but for what fills the last tokens.
    const low = compressContext({ context, query: QUESTION, level: 'low' });
    for (const line of pending) expect(low.compressed).toContain(line);
    const standard = compressContext({ context, query: QUESTION, level: 'standard' }).compressed;
    const kept = standard.split('\n');
    expect(kept.filter((line) => line.includes('status pending')).length).toBeGreaterThanOrEqual(
      kept.length - 1,
    );
  });

  it('never cuts a record, whatever its fields and delimiter', () => {
    const field = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .-]{0,14}$/);
    const table = fc
      .tuple(
        fc.constantFrom(' | ', ',', '\t', '; '),
        fc.integer({ min: 3, max: 6 }),
        fc.integer({ min: 12, max: 80 }),
      )
      .chain(([delimiter, fields, rows]) =>
        fc
          .array(fc.array(field, { minLength: fields, maxLength: fields }), {
            minLength: rows,
            maxLength: rows,
          })
          .map((cells) => cells.map((row, index) => `${index} ${row.join(delimiter)}`)),
      );
    fc.assert(
      fc.property(
        table,
        fc.constantFrom('low', 'standard', 'ultra' as const),
        fc.option(field, { nil: undefined }),
        (lines, level, query) => {
          const result = compressContext({
            context: lines.join('\n'),
            level,
            ...(query ? { query } : {}),
          });
          if (result.status !== 'compressed') return;
          // White space at the very end of the output is trimmed; nothing else changes.
          const whole = new Set([...lines, ...lines.map((line) => line.trimEnd())]);
          for (const line of result.compressed.split('\n')) expect(whole).toContain(line);
        },
      ),
      { numRuns: propertyRuns(60) },
    );
  });
});
