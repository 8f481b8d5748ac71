import { describe, expect, it } from 'vitest';
import { shadowView } from './shadow-view.ts';
import { textOf } from './testing/view-query.ts';

describe('the shadow evaluation card', () => {
  it('shows agreement per level and kind, level changes, observed savings and failures', () => {
    const view = shadowView({
      agreement: [
        {
          level: 'ultra',
          kind: 'tool-result',
          judged: 40,
          agreed: 30,
          rate: 0.75,
          lower: 0.6,
          upper: 0.86,
        },
      ],
      changes: [
        {
          time: '2026-11-25T10:00:00.000Z',
          kind: 'tool-result',
          from: 'ultra',
          to: 'standard',
          reason: 'agreement',
        },
      ],
      observed: { calls: 3, savedTokens: 12_000 },
      failures: 2,
    });
    const texts = view.map(textOf);
    expect(texts[0]).toContain('ultratool-result403075%60%–86%');
    expect(texts[1]).toMatch(/tool-result: ultra → standard \(agreement below the threshold\)$/);
    expect(texts[2]).toBe('Observed 3 calls: compression would have saved 12,000 tokens.');
    expect(texts[3]).toBe('2 shadow calls failed (the answers users received were not affected).');
  });

  it('draws nothing for figures that are empty', () => {
    expect(
      shadowView({
        agreement: [],
        changes: [],
        observed: { calls: 0, savedTokens: 0 },
        failures: 0,
      }),
    ).toEqual([]);
  });
});
