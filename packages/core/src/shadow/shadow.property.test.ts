import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultJudge } from './default-judge.ts';
import { LevelController } from './level-controller.ts';
import { TokenBudget } from './token-budget.ts';
import { wilsonInterval } from './wilson-interval.ts';

const answer = fc.record({
  text: fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.lorem({ maxCount: 12 })),
  toolCalls: fc.array(
    fc.record({
      name: fc.string({ maxLength: 8 }),
      arguments: fc.oneof(fc.string(), fc.jsonValue(), fc.json()),
    }),
    { maxLength: 3 },
  ),
});

describe('shadow evaluation invariants', () => {
  it('the default judge: an answer agrees with itself, and a verdict does not depend on the order', () => {
    fc.assert(
      fc.property(answer, answer, fc.string(), (a, b, question) => {
        expect(defaultJudge({ question, compressed: a, original: a }).agree).toBe(true);
        const forward = defaultJudge({ question, compressed: a, original: b });
        const backward = defaultJudge({ question, compressed: b, original: a });
        expect(forward.agree).toBe(backward.agree);
        expect(forward.score).toBeGreaterThanOrEqual(0);
        expect(forward.score).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('the budget: what is spent in any hour never passes the limit, whatever the calls and their timing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(
          fc.record({
            estimate: fc.integer({ min: 0, max: 5_000 }),
            // A provider's count at most the padded estimate (the evaluator's reservation).
            actualShare: fc.double({ min: 0, max: 1, noNaN: true }),
            waitMs: fc.integer({ min: 0, max: 1_800_000 }),
          }),
          { maxLength: 60 },
        ),
        (limit, calls) => {
          let now = 0;
          const budget = new TokenBudget(limit, () => now);
          const spent: { at: number; tokens: number }[] = [];
          for (const call of calls) {
            now += call.waitMs;
            const settle = budget.reserve(call.estimate);
            if (!settle) continue;
            const actual = Math.floor(call.estimate * call.actualShare);
            settle(actual);
            spent.push({ at: now, tokens: actual });
            const lastHour = spent
              .filter((entry) => entry.at > now - 3_600_000)
              .reduce((sum, entry) => sum + entry.tokens, 0);
            expect(lastHour).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it('the Wilson interval holds the rate and stays within [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (trials, share) => {
          const successes = Math.floor(trials * share);
          const { lower, upper } = wilsonInterval(successes, trials);
          expect(lower).toBeGreaterThanOrEqual(0);
          expect(upper).toBeLessThanOrEqual(1);
          expect(lower).toBeLessThanOrEqual(successes / trials + 1e-12);
          expect(upper).toBeGreaterThanOrEqual(successes / trials - 1e-12);
        },
      ),
    );
  });

  it('adapt: any sequence of verdicts and calls keeps each kind on its ladder, one step per change', () => {
    const ladder = ['ultra', 'standard', 'low', 'off'];
    fc.assert(
      fc.property(
        fc.constantFrom('ultra', 'standard', 'low', 'default'),
        fc.array(fc.oneof(fc.boolean(), fc.constant('tick' as const)), { maxLength: 400 }),
        (base, steps) => {
          const controller = new LevelController({
            threshold: 0.95,
            minSamples: 3,
            probationCalls: 5,
          });
          let level = controller.levelFor('history', base);
          for (const step of steps) {
            const change =
              step === 'tick'
                ? controller.tick('history', base)
                : controller.record('history', base, level, step);
            const next = controller.levelFor('history', base);
            if (change) {
              expect(change.from).toBe(level);
              expect(change.to).toBe(next);
            } else {
              expect(next).toBe(level);
            }
            const rungs =
              base === 'default' ? ['default', 'low', 'off'] : ladder.slice(ladder.indexOf(base));
            expect(rungs).toContain(next);
            level = next;
          }
        },
      ),
    );
  });
});
