import { describe, expect, it } from 'vitest';
import { unitScore } from './unit-score.ts';

describe('a unit’s score line', () => {
  it('gives the score, the reason and the main signals, largest first', () => {
    expect(
      unitScore({
        text: 'Paris is the capital.',
        kept: true,
        score: 1.2041,
        reason: 'selected',
        signals: { query: 1.1, salience: 0.1041, bridge: 0, definition: 0.00001 },
      }),
    ).toBe('score 1.204 · selected · query match 1.100, salience 0.104, definition 0.000');
    expect(
      unitScore({ text: 'x', kept: false, score: 0, reason: 'over_budget', signals: {} }),
    ).toBe('score 0 · over budget');
  });

  it('is undefined for a unit the engine did not explain', () => {
    expect(unitScore({ text: 'x', kept: true })).toBeUndefined();
  });
});
