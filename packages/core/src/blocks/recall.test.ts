import { guardStore, MemoryCompressionStore, recallOriginals, runBlockMode } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { lineOptimizer } from '../test-support/line-optimizer.ts';
import { lookupConversation } from '../test-support/lookup-conversation.ts';
import { RECALL_HEADER } from './recall.ts';

describe('query-aware recall of compressed originals', () => {
  it('brings back the record a late question names when the compression dropped it', async () => {
    const store = guardStore(new MemoryCompressionStore());
    const { optimizer } = lineOptimizer();
    const question = 'What is the status and total of order 3017?';
    const outcome = await runBlockMode(lookupConversation(30, question), {
      optimizer,
      store,
      partMinTokens: 50,
      ttlSeconds: 60,
      timeout: 5_000,
    });
    const record = 'order 3017: customer C-3-17, status returned, total 242 EUR';
    // The compression of turn 3 kept every fourth record, not this one.
    expect(outcome.parts.some((part) => part.compressed.includes(record))).toBe(false);
    expect(outcome.recallText?.startsWith(RECALL_HEADER)).toBe(true);
    expect(outcome.recallText).toContain(record);
    expect(outcome.recall).toHaveLength(1);
  });

  it('recalls nothing for a question no dropped line answers, and nothing that is already kept', () => {
    const sources = [
      { handle: 'cx1', original: 'alpha one\nbeta two\ngamma three', compressed: 'alpha one' },
    ];
    expect(recallOriginals('Tell me a joke', sources)).toEqual([]);
    expect(recallOriginals('alpha', sources)).toEqual([]);
    expect(recallOriginals('what about gamma', sources)).toEqual([
      { handle: 'cx1', text: 'gamma three' },
    ]);
  });

  it('recalls nothing for a word the compression mostly kept, which names no line in particular', () => {
    const lines = Array.from(
      { length: 40 },
      (_, index) =>
        `order ${5000 + index} | status ${index % 4 === 0 ? 'pending' : 'shipped'} | total ${index * 7} EUR`,
    );
    const pending = lines.filter((line) => line.includes('pending'));
    // The compression kept nine of the ten pending orders and dropped the tenth.
    const compressed = pending.slice(0, 9).join('\n');
    const sources = [{ handle: 'cx1', original: lines.join('\n'), compressed }];
    expect(recallOriginals('How many orders are pending?', sources)).toEqual([]);
    // A question that names the dropped order still gets it back.
    expect(recallOriginals(`What is the total of order ${5036}?`, sources)).toEqual([
      { handle: 'cx1', text: pending[9] },
    ]);
  });

  it('stays within its token budget', () => {
    const original = Array.from(
      { length: 200 },
      (_, index) => `widget ${index % 20} costs ${index} EUR`,
    ).join('\n');
    const recalled = recallOriginals(
      'what does widget 7 cost',
      [{ handle: 'cx1', original, compressed: '' }],
      50,
    );
    expect(recalled.length).toBeGreaterThan(0);
    const tokens = recalled.reduce((sum, unit) => sum + Math.ceil(unit.text.length / 4) + 4, 0);
    expect(tokens).toBeLessThanOrEqual(50);
  });
});
