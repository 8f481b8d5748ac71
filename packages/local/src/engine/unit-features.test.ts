import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { compressWithTuning } from './compress-context.ts';
import { DEFAULT_TUNING } from './tuning.ts';
import { featureSink } from './unit-features.ts';

/**
 * The parts the weight fit reads (bench/fit-weights.ts): with their weights they add up to
 * the first pass's score explain reports, and recording them changes nothing the engine
 * returns.
 */

const passages = [
  'Document [1] (Title: Harbour) The old harbour of Marta was rebuilt in 1904. Ships from Oslo called there each spring.',
  'Document [2] (Title: Kestrel) Kestrel is a river town. Its council meets in the ledger hall.',
  'Document [3] (Title: Station) The station opened in 1911. It serves the garden district and the harbour.',
  'Document [4] (Title: Lisbon ferry) A ferry links Lisbon to the harbour. The crossing takes an hour in winter.',
];
const text = passages.join('\n').repeat(3);
const query = 'When was the harbour of Marta rebuilt?';

afterEach(() => {
  featureSink.on = false;
  featureSink.last = undefined;
});

describe('unit features', () => {
  it('add up, with the weights of the tuning, to the query part explain reports', () => {
    featureSink.on = true;
    const result = compressWithTuning({ context: text, query, level: 'ultra' }, DEFAULT_TUNING, {
      explain: true,
    });
    const recorded = featureSink.last!;
    expect(recorded.units).toHaveLength(result.explanation!.units.length);
    const t = DEFAULT_TUNING;
    result.explanation!.units.forEach((unit, at) => {
      const v = recorded.values;
      const sum =
        v.unit[at]! +
        t.proximityWeight * v.proximity[at]! +
        t.neighborWeight * v.neighbour[at]! +
        t.sectionWeight * v.section[at]! +
        t.titleWeight * v.title[at]!;
      expect(sum).toBeCloseTo(unit.signals.query ?? 0, 12);
      // The bridge's part is its weight times its feature, or less where the cap holds it.
      expect(unit.signals.bridge ?? 0).toBeLessThanOrEqual(
        t.bridgeWeight * v.bridge[at]! * (1 + 1e-12),
      );
    });
    expect(recorded.values.unit.some((value) => value > 0)).toBe(true);
  });

  it('recording them changes no output, with explain or without', () => {
    const word = fc.constantFrom('harbour', 'Marta', 'river', 'council', 'the', '1904', 'Oslo');
    const sentence = fc
      .array(word, { minLength: 3, maxLength: 12 })
      .map((words) => `${words.join(' ')}.`);
    const context = fc
      .array(fc.array(sentence, { minLength: 1, maxLength: 5 }), { minLength: 2, maxLength: 12 })
      .map((list) => list.map((sentences) => sentences.join(' ')).join('\n\n'));
    fc.assert(
      fc.property(
        context,
        fc.array(word, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (text, words, explain) => {
          const params = { context: text, query: words.join(' '), level: 'ultra' as const };
          const plain = compressWithTuning(params, DEFAULT_TUNING, { explain });
          featureSink.on = true;
          const recorded = compressWithTuning(params, DEFAULT_TUNING, { explain });
          featureSink.on = false;
          expect(JSON.stringify(recorded)).toBe(JSON.stringify(plain));
        },
      ),
      { numRuns: 60 },
    );
  });
});
