import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';
import { LocalContextOptimizer } from '../local-context-optimizer.ts';
import type { Embed } from './embed-settings.ts';
import { cosine, similarityOrWords } from './message-similarity.ts';
import { QUESTION, salaryConversation } from './testing/salary-conversation.ts';

/**
 * An embedder is the user's code: whatever it does (answers vectors of NaN, infinities,
 * 1e308 or subnormals, too few or too many vectors, ragged or sparse ones, no array at all;
 * throws, rejects or never answers), a call is compressed, by meaning when the answer is a
 * usable one and by words alone otherwise, and a failure is reported, never thrown.
 */

const entry = fc.oneof(
  fc.double({ min: -1, max: 1, noNaN: true }),
  fc.double(),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e-310,
    -0,
    0,
  ),
);

type Plan =
  | {
      kind: 'vectors';
      /** Vectors answered beside one per text. */
      countOffset: number;
      size: number;
      entries: number[];
      /** A vector broken one way: shorter, with a hole, with a string entry, not an array. */
      flaw?: { vector: number; how: 'short' | 'hole' | 'string' | 'not-array' };
    }
  | { kind: 'junk'; value: unknown }
  | { kind: 'reject' | 'throw' | 'hang' };

const plan: fc.Arbitrary<Plan> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        kind: fc.constant('vectors' as const),
        countOffset: fc.constantFrom(0, 0, 0, -1, 1),
        size: fc.integer({ min: 1, max: 6 }),
        entries: fc.array(entry, { minLength: 1, maxLength: 12 }),
        flaw: fc.record({
          vector: fc.nat(),
          how: fc.constantFrom(
            'short' as const,
            'hole' as const,
            'string' as const,
            'not-array' as const,
          ),
        }),
      },
      { requiredKeys: ['kind', 'countOffset', 'size', 'entries'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('junk' as const), value: fc.anything() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('reject' as const, 'throw' as const, 'hang' as const),
    }),
  },
);

/** The embedder that follows `plan`, and whether its answer is a usable one. */
function embedderOf(plan: Plan): { embed: Embed; usable: (texts: number) => boolean } {
  if (plan.kind === 'junk') {
    return {
      embed: async () => plan.value as number[][],
      // Junk is an array of one-length number vectors only by a fluke: judged as vectors are.
      usable: (texts) =>
        Array.isArray(plan.value) &&
        plan.value.length === texts &&
        plan.value.every(
          (vector) =>
            Array.isArray(vector) &&
            vector.length > 0 &&
            vector.length === (plan.value as unknown[][])[0]!.length &&
            Array.from(vector).every(Number.isFinite),
        ),
    };
  }
  if (plan.kind !== 'vectors') {
    const failing: Record<typeof plan.kind, Embed> = {
      reject: () => Promise.reject(new Error('embedder down')),
      throw: () => {
        throw new Error('embedder broken');
      },
      hang: () => new Promise(() => {}),
    };
    return { embed: failing[plan.kind], usable: () => false };
  }
  const { countOffset, size, entries, flaw } = plan;
  return {
    embed: async (texts) => {
      const vectors: unknown[] = Array.from({ length: texts.length + countOffset }, (_, at) =>
        Array.from(
          { length: size },
          (_, dimension) => entries[(at * size + dimension) % entries.length]!,
        ),
      );
      if (flaw && vectors.length > 0) {
        const at = flaw.vector % vectors.length;
        const vector = vectors[at] as unknown[];
        if (flaw.how === 'short') vectors[at] = vector.slice(0, -1);
        if (flaw.how === 'hole') delete vector[size - 1];
        if (flaw.how === 'string') vector[0] = '0.5';
        if (flaw.how === 'not-array') vectors[at] = new Float64Array(size);
      }
      return vectors as number[][];
    },
    usable: () => countOffset === 0 && !flaw && entries.every(Number.isFinite),
  };
}

const conversation = fc.integer({ min: 2, max: 30 }).map((turns) => salaryConversation(turns));

describe('similarityOrWords', () => {
  it('gives one finite cosine per message for a usable answer, and for any other reports once and gives none', async () => {
    await fc.assert(
      fc.asyncProperty(conversation, plan, async (context, drawn) => {
        const { embed, usable } = embedderOf(drawn);
        const errors: unknown[] = [];
        const params = { context, query: QUESTION, level: 'standard' as const };
        const similarity = await similarityOrWords(params, {
          embed,
          timeoutMs: 20,
          onError: (error) => errors.push(error),
        });
        if (usable(context.length + 1)) {
          expect(errors).toEqual([]);
          expect(similarity).toHaveLength(context.length);
          for (const value of similarity!) {
            expect(Number.isFinite(value)).toBe(true);
            expect(Math.abs(value)).toBeLessThanOrEqual(1);
          }
        } else {
          expect(similarity).toBeUndefined();
          expect(errors).toHaveLength(1);
        }
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it('names the timeout, and survives a report that throws', async () => {
    const errors: unknown[] = [];
    const params = { context: salaryConversation(4), query: QUESTION, level: 'standard' as const };
    const similarity = await similarityOrWords(params, {
      embed: () => new Promise(() => {}),
      timeoutMs: 10,
      onError: (error) => errors.push(error),
    });
    expect(similarity).toBeUndefined();
    expect(String(errors[0])).toMatch(/embed did not answer within 10 ms \(embedTimeoutMs\)/);
    await expect(
      similarityOrWords(params, {
        embed: async () => {
          throw new Error('down');
        },
        timeoutMs: 1000,
        onError: () => {
          throw new Error('the report failed too');
        },
      }),
    ).resolves.toBeUndefined();
  });
});

/** The smallest double with full precision; below it, entries lose digits. */
const MIN_NORMAL = 2.2250738585072014e-308;

describe('cosine', () => {
  it('reads subnormal and huge vectors by their direction', () => {
    expect(cosine([Number.MIN_VALUE, 0], [1, 0])).toBe(1);
    expect(cosine([Number.MAX_VALUE, Number.MAX_VALUE], [1, 1])).toBeCloseTo(1, 12);
    expect(cosine([Number.MAX_VALUE, 0], [0, -Number.MAX_VALUE])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });

  it('stays within [-1, 1] and does not change when a vector is scaled to the limits of a double', () => {
    const vector = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), {
      minLength: 3,
      maxLength: 3,
    });
    fc.assert(
      fc.property(vector, vector, fc.constantFrom(1e300, 1e-300, 1), (a, b, scale) => {
        const plain = cosine(a, b);
        expect(Math.abs(plain)).toBeLessThanOrEqual(1);
        const scaled = cosine(
          a.map((value) => value * scale),
          b,
        );
        // An entry scaled below the normal doubles loses digits; the others keep the cosine.
        if (a.every((value) => value === 0 || Math.abs(value * scale) >= MIN_NORMAL)) {
          expect(scaled).toBeCloseTo(plain, 6);
        }
      }),
      { numRuns: propertyRuns(400) },
    );
  });
});

describe('LocalContextOptimizer with an adversarial embedder', () => {
  it('always answers, and an unusable answer gives exactly the words-alone compression', async () => {
    await fc.assert(
      fc.asyncProperty(conversation, plan, async (context, drawn) => {
        const { embed, usable } = embedderOf(drawn);
        const params = { context, query: QUESTION, level: 'standard' as const };
        const result = await new LocalContextOptimizer({ embed, embedTimeoutMs: 20 }).compress(
          params,
        );
        expect(result.success).toBe(true);
        if (!usable(context.length + 1)) {
          const lexical = await new LocalContextOptimizer().compress(params);
          expect(result.data).toEqual(lexical.data);
          expect(result.usage.request).toEqual(lexical.usage.request);
        }
      }),
      { numRuns: propertyRuns(120) },
    );
  });
});
