import { compressContext, LocalContextOptimizer } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';

/**
 * `new LocalContextOptimizer({ explain: true })` answers with `compression.explanation`
 * beside the contract's fields, in process and from the worker that runs large contexts,
 * and the compressed text is the same as without it.
 */

const passage = (at: number) =>
  `Document [${at}] The harbour crane ${at} was inspected by Marta on day ${at}. Its cable was replaced in week ${at % 9}. The pier stayed open.`;
const small = Array.from({ length: 30 }, (_, at) => passage(at)).join('\n');
// Past the 32,768 characters from which the engine runs in a worker.
const large = Array.from({ length: 400 }, (_, at) => passage(at)).join('\n');
const query = 'When was the cable of crane 17 replaced?';

describe('LocalContextOptimizer explain', () => {
  const plain = new LocalContextOptimizer();
  const explaining = new LocalContextOptimizer({ explain: true });

  it.each([
    ['in process', small],
    ['in the worker', large],
  ])('answers each unit’s score and reason %s, the output unchanged', async (_, context) => {
    expect(context.length > 32_768).toBe(context === large);
    const request = { context, query, level: 'ultra' as const };
    const answer = await explaining.compress(request);
    const without = await plain.compress(request);
    expect(answer.data.compressed).toBe(without.data.compressed);
    expect(answer.usage.request).toEqual(without.usage.request);
    const explanation = answer.compression.explanation!;
    expect(explanation).toEqual(compressContext(request, { explain: true }).explanation);
    expect(explanation.strategy).toBe('units');
    const answerUnit = explanation.units.find((unit) => unit.text.includes('crane 17 was'));
    expect(answerUnit).toMatchObject({ kept: true, reason: 'selected' });
    expect(answerUnit!.signals.query).toBeGreaterThan(0);
  });

  it('adds nothing when not asked', async () => {
    const answer = await plain.compress({ context: small, query });
    expect(answer.compression).toEqual({ status: 'compressed' });
  });
});
