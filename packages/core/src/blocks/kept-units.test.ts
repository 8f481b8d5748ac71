import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';
import { estimateTokens } from '../planner/estimate-tokens.ts';
import { keptUnits } from './kept-units.ts';

const line = (index: number) =>
  `order ${1000 + index} | customer C-${index} | status pending | total ${index}.50 EUR | warehouse W${index % 7}`;

describe('keptUnits', () => {
  it('keeps the first whole lines that fit, at least one', () => {
    const text = Array.from({ length: 4 }, (_, index) => line(index)).join('\n');
    const two = `${line(0)}\n${line(1)}`;
    expect(keptUnits(text, estimateTokens(two))).toBe(two);
    expect(keptUnits(text, estimateTokens(`${two}\n${line(2)}`) - 1)).toBe(two);
    expect(keptUnits(text, 5)).toBe(line(0));
    expect(keptUnits(text, 1_000)).toBe(text);
  });

  it('keeps the first sentences of a long paragraph and the first elements of a JSON array', () => {
    const prose = Array.from(
      { length: 8 },
      (_, index) =>
        `Order ${index} shipped late on lane ${index} because its carrier missed the pickup window.`,
    ).join(' ');
    expect(prose.length).toBeGreaterThan(400);
    const kept = keptUnits(prose, 40);
    expect(prose.startsWith(kept)).toBe(true);
    expect(kept.endsWith('window.')).toBe(true);
    const json = JSON.stringify(
      Array.from({ length: 6 }, (_, index) => ({ order: index, note: 'x'.repeat(60) })),
    );
    const elements = JSON.parse(keptUnits(json, 50)) as unknown[];
    expect(elements).toEqual((JSON.parse(json) as unknown[]).slice(0, elements.length));
    expect(elements.length).toBeGreaterThanOrEqual(1);
    expect(elements.length).toBeLessThan(6);
  });

  it('cuts a JSON array on its own text, so every number keeps its bytes', () => {
    const json = `[ {"price": 1e400, "note": "a, [b]"}, {"price": -0}, {"id": 12345678901234567890}, ${'{"x": 1.10},'.repeat(30)} {"x": 2} ]`;
    const kept = keptUnits(json, 20);
    expect(kept).toBe('[ {"price": 1e400, "note": "a, [b]"}, {"price": -0}]');
    expect(() => JSON.parse(kept)).not.toThrow();
  });

  it('leaves a JSON object whole', () => {
    const object = JSON.stringify({ rows: Array.from({ length: 30 }, (_, index) => index) });
    expect(keptUnits(object, 5)).toBe(object);
  });

  it('always returns whole leading units of the text, within the budget unless the first unit alone is larger', () => {
    const unit = fc.oneof(
      fc.string({ minLength: 1, maxLength: 120 }),
      fc.constantFrom(line(1), line(2), '{"a":1}', '[1,2]'),
    );
    fc.assert(
      fc.property(
        fc.array(unit, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 200 }),
        (units, budget) => {
          const text = units.join('\n');
          const kept = keptUnits(text, budget);
          if (kept === text) return;
          const parsed = (() => {
            try {
              return JSON.parse(text) as unknown;
            } catch {
              return undefined;
            }
          })();
          if (Array.isArray(parsed)) {
            const elements = JSON.parse(kept) as unknown[];
            expect(elements).toEqual(parsed.slice(0, elements.length));
            expect(elements.length).toBeGreaterThan(0);
            return;
          }
          expect(kept.length).toBeGreaterThan(0);
          expect(text.startsWith(kept)).toBe(true);
          // It ends where a unit ends: at a line's end or after a sentence of a long line.
          const next = text.slice(kept.length);
          expect(next === '' || /^\s/.test(next) || /[.!?;]$/.test(kept)).toBe(true);
          const first = text.split('\n').find((part) => part.trim().length > 0) ?? '';
          if (estimateTokens(kept) > budget) expect(kept.length).toBeLessThanOrEqual(first.length);
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });
});
