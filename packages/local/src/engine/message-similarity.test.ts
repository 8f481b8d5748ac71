import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressContext } from './compress-context.ts';
import { countTokens } from './tokenizer.ts';

/**
 * `messageSimilarity` only changes which parts of a conversation are kept: whatever values
 * a caller passes (NaN, infinities, negative, too few or too many), the output stays within
 * the budget, counted exactly, and values that say nothing change nothing.
 */

const sentence = fc
  .array(fc.constantFrom('ferry', 'salary', 'pay', 'pier', 'job', 'storm', 'Emi', 'happy', '42'), {
    minLength: 3,
    maxLength: 14,
  })
  .map((words) => `${words.join(' ')}.`);
const message = fc.record({
  role: fc.constantFrom('user' as const, 'assistant' as const),
  content: fc.array(sentence, { minLength: 1, maxLength: 4 }).map((list) => list.join(' ')),
});
const similarity = fc.array(
  fc.oneof(fc.double(), fc.double({ min: -1, max: 1, noNaN: true }), fc.constant(Number.NaN)),
  { maxLength: 50 },
);

describe('messageSimilarity', () => {
  it('stays within the budget whatever the values, and changes nothing without a similar message', () => {
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 2, maxLength: 40 }),
        similarity,
        fc.constantFrom('low' as const, 'standard' as const, 'ultra' as const),
        (context, values, level) => {
          const params = { context, query: 'Is Emi happy with her salary?', level };
          const result = compressContext(params, { messageSimilarity: values });
          expect(result.compressedTokens).toBe(countTokens(result.compressed));
          if (result.status !== 'compressed') return;
          // As compress-invariants.test.ts states it: a budget under 50 tokens gives way to
          // the engine's floor (a unit is not cut below a readable size).
          const budget = Math.floor(result.inputTokens / result.targetRatio);
          if (budget >= 50) expect(result.compressedTokens).toBeLessThanOrEqual(budget);
          // Values at or below the floor (all of them NaN, negative or none) change nothing.
          if (values.every((value) => !(value > 0.2))) {
            expect(result.compressed).toBe(compressContext(params).compressed);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
