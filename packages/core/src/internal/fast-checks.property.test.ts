import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compressRequestSchema,
  compressResponseSchema,
  generateRequestSchema,
  generateResponseSchema,
} from '../schemas.ts';
import {
  certainlyCompressResponse,
  certainlyGenerateResponse,
  certainlyValidCompress,
  certainlyValidGenerate,
} from './fast-checks.ts';

/** Values near the contract's edges, so both answers are common. */
const edgeValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, 1, 32768, 32769, 1.5, -1, 2 ** 53, Number.NaN),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('low', 'ultra', 'auto', 'balanced', 'aggressive', 'openai', 'Open-AI', ''),
  fc.jsonValue({ maxDepth: 2 }),
);

const message = fc.oneof(
  fc.record({ role: fc.string({ maxLength: 4 }), content: fc.string({ maxLength: 8 }) }),
  fc.dictionary(fc.constantFrom('role', 'content', 'name'), edgeValue),
);

/** Maybe replaces a field with an edge value, maybe removes it, mostly leaves it. */
function perturb<T extends Record<string, unknown>>(base: T) {
  const entries = Object.entries(base).map(([key, value]) =>
    fc
      .oneof(
        { weight: 6, arbitrary: fc.constant({ keep: true as const, value }) },
        { weight: 1, arbitrary: edgeValue.map((edge) => ({ keep: false as const, value: edge })) },
      )
      .map((choice) => [key, choice.value] as const),
  );
  return fc
    .tuple(
      fc.tuple(...entries),
      fc.option(fc.tuple(fc.constantFrom('other', 'mode', 'extra'), edgeValue)),
    )
    .map(([pairs, extra]) => {
      const result: Record<string, unknown> = {};
      for (const [key, value] of pairs) if (value !== undefined) result[key] = value;
      if (extra) result[extra[0]] = extra[1];
      return result;
    });
}

const compressFields = {
  context: fc.oneof(fc.string({ maxLength: 8 }), fc.array(message, { maxLength: 4 })),
  query: fc.string({ maxLength: 8 }),
  level: fc.constantFrom('low', 'standard', 'ultra', 'auto'),
};
const compressRequest = fc.record(compressFields).chain((base) => perturb(base));
const generateRequest = fc
  .record({
    ...compressFields,
    provider: fc.constantFrom('openai', 'google'),
    model: fc.string({ minLength: 1, maxLength: 6 }),
    maxOutputTokens: fc.integer({ min: 1, max: 32768 }),
  })
  .chain((base) => perturb(base));

const requestUsage = { inputTokens: 10, compressedTokens: 4, savedTokens: 6, reductionPct: 60.5 };
const monthly = { limitTokens: 100, usedTokens: 10, remainingTokens: 90, resetsAt: '2026-12-01' };
const providerUsage = {
  provider: 'openai',
  model: 'm',
  inputTokens: 4,
  outputTokens: 2,
  totalTokens: 6,
};

const response = fc
  .tuple(
    perturb(requestUsage),
    perturb(monthly),
    perturb(providerUsage),
    perturb({ compressed: 'c', answer: 'a' }),
    perturb({ status: 'compressed' }),
  )
  .chain(([request, month, provider, data, compression]) =>
    perturb({
      success: true,
      requestId: 'req_1',
      data,
      compression,
      usage: { request, monthly: month, provider },
    }),
  );

describe('the fast checks never accept what the contract schemas refuse', () => {
  const cases = [
    ['compress request', compressRequest, certainlyValidCompress, compressRequestSchema],
    ['generate request', generateRequest, certainlyValidGenerate, generateRequestSchema],
    ['compress response', response, certainlyCompressResponse, compressResponseSchema],
    ['generate response', response, certainlyGenerateResponse, generateResponseSchema],
  ] as const;
  for (const [name, arbitrary, fast, schema] of cases) {
    it(name, () => {
      let accepted = 0;
      fc.assert(
        fc.property(arbitrary, (value) => {
          if (!fast(value)) return;
          accepted++;
          expect(schema.safeParse(value).success).toBe(true);
        }),
        { numRuns: 3000 },
      );
      // The fast path must also be taken, or it speeds nothing up.
      expect(accepted).toBeGreaterThan(0);
    });
  }

  it('takes the fast path for ordinary valid bodies', () => {
    const messages = [{ role: 'user', content: 'hello' }];
    expect(certainlyValidCompress({ context: messages, query: 'q', level: 'standard' })).toBe(true);
    expect(
      certainlyValidGenerate({ context: 'x', provider: 'openai', model: 'm', maxOutputTokens: 9 }),
    ).toBe(true);
  });
});
