import { compressContext, LocalContextOptimizer } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * Large contexts compress in a worker thread (see the event-loop test beside this one):
 * the answer is the synchronous engine's, byte for byte, on random inputs long enough to
 * go to the worker (32,768 characters or more), strings and conversations alike.
 */

const WORKER_MIN_CHARS = 32_768;

const piece = fc.oneof(
  fc.constantFrom(
    'The ferry to Kestrel Island resumed on 14 March 2024. ',
    'Marta approved invoice 4471 for the harbour crane. ',
    '# Maintenance log\n',
    '- replace the signal battery\n',
    '| pier | status |\n| --- | --- |\n| north | open |\n',
    '```ts\nexport function total(values: number[]) {\n  return values.length;\n}\n```\n',
    '{"owner":{"id":12,"name":"Oduya"},"items":[1,2,3]}',
    '\n\n\n',
  ),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: fc.constantFrom('A', 'z', '0', '+', '/', '='), minLength: 50, maxLength: 400 }),
);

/** Random pieces, repeated in turn until the text is long enough for the worker. */
const longText = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 20_000 }))
  .map(([pieces, extra]) => {
    const parts: string[] = [];
    let length = 0;
    for (let round = 0; length < WORKER_MIN_CHARS + extra; round++) {
      const next = `${pieces[round % pieces.length]!}${round % 7 === 0 ? ` ${round}. ` : ''}`;
      parts.push(next);
      length += next.length;
    }
    return parts.join('');
  })
  .filter((text) => text.length >= WORKER_MIN_CHARS);

const conversation = fc.tuple(longText, fc.integer({ min: 2, max: 12 })).map(([text, count]) => {
  const size = Math.ceil(text.length / count);
  return Array.from({ length: count }, (_, index) => ({
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: text.slice(index * size, (index + 1) * size) || 'ok',
  }));
});

const params = fc.record(
  {
    context: fc.oneof(longText, conversation),
    query: fc.constantFrom('Who approved invoice 4471?', 'storm damage', ''),
    level: fc.constantFrom('low', 'standard', 'ultra'),
  },
  { requiredKeys: ['context', 'level'] },
);

describe('LocalContextOptimizer with a large context', () => {
  const optimizer = new LocalContextOptimizer();

  it('answers exactly what the synchronous engine answers', async () => {
    await fc.assert(
      fc.asyncProperty(params, async (request) => {
        const answer = await optimizer.compress(request);
        const engine = compressContext(request);
        expect(answer.data.compressed).toBe(engine.compressed);
        expect(answer.compression.status).toBe(engine.status);
        expect(answer.usage.request).toEqual({
          inputTokens: engine.inputTokens,
          compressedTokens: engine.compressedTokens,
          savedTokens: engine.savedTokens,
          reductionPct: engine.reductionPct,
        });
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
