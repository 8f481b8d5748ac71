import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankItems, selectItems, type TurnItem, unitsOfItems } from './select-turns.ts';

/** Items that tile `count` units in order, one to three units each. */
const tiling = fc
  .array(
    fc.record({
      length: fc.integer({ min: 1, max: 3 }),
      tokens: fc.integer({ min: 1, max: 60 }),
      score: fc.double({ min: 0, max: 3, noNaN: true }),
    }),
    {
      minLength: 1,
      maxLength: 30,
    },
  )
  .map((parts) => {
    const items: TurnItem[] = [];
    let unit = 0;
    for (const part of parts) {
      items.push({
        first: unit,
        last: unit + part.length - 1,
        label: -1,
        tokens: part.tokens,
        score: part.score,
      });
      unit += part.length;
    }
    return { items, unitCount: unit };
  });

describe('selectItems', () => {
  it('keeps whole items only, within the budget, and something whenever one item fits', () => {
    fc.assert(
      fc.property(
        tiling,
        fc.integer({ min: 0, max: 400 }),
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        ({ items, unitCount }, budget, costExponent) => {
          const input = {
            items,
            unitTokens: new Int32Array(unitCount),
            unitCount,
            budget,
            costExponent,
          };
          const keptItems = new Uint8Array(items.length);
          const kept = selectItems(input, keptItems);
          if (!items.some((item) => item.tokens <= budget)) {
            expect(kept).toBeUndefined();
            return;
          }
          expect(kept).toBeDefined();
          let used = 0;
          items.forEach((item, at) => {
            const flags = [...kept!.subarray(item.first, item.last + 1)];
            // All of an item's units or none of them.
            expect(new Set(flags).size).toBe(1);
            expect(flags[0]).toBe(keptItems[at]);
            if (keptItems[at]) used += item.tokens;
          });
          expect(used).toBeLessThanOrEqual(budget);
          expect(unitsOfItems(input, keptItems)).toEqual(kept);
        },
      ),
    );
  });

  it('ranks by score per tokens ** exponent, and a tie goes to the later item', () => {
    const items: TurnItem[] = [
      { first: 0, last: 0, label: -1, tokens: 100, score: 2 },
      { first: 1, last: 1, label: -1, tokens: 25, score: 1 },
      { first: 2, last: 2, label: -1, tokens: 25, score: 1 },
    ];
    expect(rankItems(items, 0)).toEqual([0, 2, 1]);
    expect(rankItems(items, 1)).toEqual([2, 1, 0]);
  });

  it('brings an item its role label once, counting the label against the budget', () => {
    const items: TurnItem[] = [
      { first: 1, last: 1, label: 0, tokens: 10, score: 1 },
      { first: 2, last: 2, label: 0, tokens: 10, score: 1 },
    ];
    const unitTokens = Int32Array.from([3, 10, 10]);
    expect([
      ...selectItems({ items, unitTokens, unitCount: 3, budget: 23, costExponent: 0 })!,
    ]).toEqual([1, 1, 1]);
    expect([
      ...selectItems({ items, unitTokens, unitCount: 3, budget: 22, costExponent: 0 })!,
    ]).toEqual([1, 0, 1]);
  });
});
