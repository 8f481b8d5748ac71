import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeWordVectors, encodeWordVectors } from './word-vector-file.ts';

const shipped = readFileSync(new URL('../../assets/word-vectors.bin', import.meta.url));

describe('the word-vector table file', () => {
  it('reads back what was written', () => {
    const table = decodeWordVectors(
      encodeWordVectors(['pay', 'salary'], 2, Int8Array.of(1, -2, 3, -4)),
    );
    expect([...table.rows]).toEqual([
      ['pay', 0],
      ['salary', 1],
    ]);
    expect([...table.data]).toEqual([1, -2, 3, -4]);
    expect(table.dimensions).toBe(2);
  });

  // The README, the changeset and the table's notice give its size: 25,000 words, 48
  // dimensions (scripts/build-word-vectors.ts's defaults).
  it('reads the shipped table whole, of the size the documents give', () => {
    const table = decodeWordVectors(shipped);
    expect(table.rows.size).toBe(25_000);
    expect(table.dimensions).toBe(48);
    expect(table.data.length).toBe(25_000 * 48);
  });

  it.each([
    ['cut short', shipped.subarray(0, shipped.length - 1), /vector bytes, header says/],
    ['one byte too many', Buffer.concat([shipped, Buffer.of(0)]), /vector bytes, header says/],
    ['no lines', Buffer.from('just bytes'), /header and word lines are missing/],
    [
      'another format',
      Buffer.from('{"format":"x","dimensions":1,"words":1}\na\n\u0001'),
      /format must be/,
    ],
    [
      'a word too few',
      Buffer.from('{"format":"ctxopt-word-vectors/1","dimensions":1,"words":2}\na\n\u0001\u0001'),
      /1 words, header says 2/,
    ],
    ['no JSON header', Buffer.from('format\na\n\u0001'), /header is not JSON/],
    [
      'of no words',
      Buffer.from('{"format":"ctxopt-word-vectors/1","dimensions":1,"words":0}\n\n'),
      /dimensions and words must be positive integers/,
    ],
  ])('refuses a file %s, naming the part', (_, bytes, message) => {
    expect(() => decodeWordVectors(bytes)).toThrow(message);
  });
});
