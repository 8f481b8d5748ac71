import { describe, expect, it } from 'vitest';
import { ablated } from '../../packages/local/src/engine/ablation.ts';
import { compressWithTuning } from '../../packages/local/src/engine/compress-context.ts';
import { DEFAULT_TUNING } from '../../packages/local/src/engine/tuning.ts';
import { ABLATIONS, withAblation } from '../quality/ablation-variants.ts';

const context = Array.from({ length: 40 }, (_, at) =>
  at === 29
    ? 'The lighthouse keeper was named Aldous Fenwick and he kept the lamp for forty years.'
    : `Paragraph ${at} talks about the weather, the harbour boats and the market of the town in general terms.`,
).join('\n\n');
const params = { context, query: 'Who was the lighthouse keeper?', level: 'ultra' } as const;

describe('ablation variants', () => {
  it('switch a signal off for the measurement only, then put the engine back', () => {
    const full = compressWithTuning(params, DEFAULT_TUNING).compressed;
    const query = ABLATIONS.find((variant) => variant.signal === 'query')!;
    const without = withAblation(query, (tuning) => compressWithTuning(params, tuning).compressed);
    expect(full).toContain('Aldous Fenwick');
    expect(without).not.toBe(full);
    expect(ablated.size).toBe(0);
    expect(compressWithTuning(params, DEFAULT_TUNING).compressed).toBe(full);
  });

  it('give each variant a distinct name and something to switch off', () => {
    expect(new Set(ABLATIONS.map((variant) => variant.name)).size).toBe(ABLATIONS.length);
    for (const variant of ABLATIONS) expect(variant.signal ?? variant.tuning).toBeDefined();
  });
});
