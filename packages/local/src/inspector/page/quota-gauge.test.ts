import { describe, expect, it } from 'vitest';
import { type QuotaAccount, quotaGauge, usedShare } from './quota-gauge.ts';
import { elementsOf, textOf } from './testing/view-query.ts';

function account(usedTokens: number, limitTokens = 1_000_000): QuotaAccount {
  return {
    label: 'API key',
    operations: 1,
    usedTokens,
    limitTokens,
    remainingTokens: Math.max(0, limitTokens - usedTokens),
    resetsAt: '2026-12-01T00:00:00.000Z',
  };
}

const paths = (gauge: ReturnType<typeof quotaGauge>) =>
  elementsOf(gauge).filter((element) => element.tag === 'path');

describe('the quota gauge', () => {
  it('shows the tokens used of the limit, what is left, the operations and the reset day', () => {
    const gauge = quotaGauge({ ...account(250_000), operations: 3, label: 'API key 2' });
    expect(gauge.dataset).toEqual({ usedTokens: '250000' });
    const [drawing, words] = gauge.children as [never, never];
    expect(textOf(drawing)).toBe('25%');
    expect(elementsOf(drawing)[0]!.attributes['aria-label']).toBe('25% of the monthly quota used');
    expect(elementsOf(words).slice(1).map(textOf)).toEqual([
      '250,000',
      'of 1,000,000 tokens used',
      'API key 2 · 750,000 left · 3 operations',
      'resets 2026-12-01',
    ]);
  });

  it('fills the arc in green, amber then red, and draws no fill at zero', () => {
    const colour = (used: number) => paths(quotaGauge(account(used)))[1]?.attributes.stroke;
    expect(colour(0)).toBeUndefined();
    expect([100_000, 750_000, 950_000].map(colour)).toEqual(['#16a34a', '#d97706', '#dc2626']);
    expect(textOf(quotaGauge(account(5_000)))).toMatch(/^0\.5%/);
  });

  it('counts a quota over its limit, or of zero tokens, as full', () => {
    expect(usedShare(account(2_000_000))).toBe(1);
    expect(usedShare(account(0, 0))).toBe(1);
    expect(paths(quotaGauge(account(2_000_000)))[1]!.attributes['stroke-dasharray']).toBe(
      '157.08 157.08',
    );
  });
});
