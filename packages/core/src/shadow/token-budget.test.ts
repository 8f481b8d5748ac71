import { describe, expect, it } from 'vitest';
import { TokenBudget } from './token-budget.ts';

describe('TokenBudget', () => {
  it('refuses a reservation that would pass the hourly budget, and frees it an hour later', () => {
    let now = 0;
    const budget = new TokenBudget(1000, () => now);
    expect(budget.reserve(600)).toBeDefined();
    expect(budget.reserve(500)).toBeUndefined();
    expect(budget.reserve(400)).toBeDefined();
    now = 3_600_001;
    expect(budget.spent()).toBe(0);
    expect(budget.reserve(1000)).toBeDefined();
  });

  it('settles a reservation to the tokens really spent', () => {
    const budget = new TokenBudget(1000, () => 0);
    budget.reserve(600)!(100);
    expect(budget.spent()).toBe(100);
    expect(budget.reserve(900)).toBeDefined();
  });

  it('settles a reservation that left the hour without counting it again', () => {
    let now = 0;
    const budget = new TokenBudget(1000, () => now);
    const settle = budget.reserve(600)!;
    now = 3_600_001;
    expect(budget.spent()).toBe(0);
    settle(900);
    expect(budget.spent()).toBe(0);
    budget.reserve(300)!(200);
    expect(budget.spent()).toBe(200);
  });

  it('reserves in constant time whatever the reservations of the hour: a sampled call never walks them', () => {
    // 200,000 sampled calls in an hour. Walking every reservation on each call (as a sum
    // over the hour does) takes 2 * 10^10 steps, minutes; a running total takes milliseconds.
    let now = 0;
    const budget = new TokenBudget(Number.MAX_SAFE_INTEGER, () => now);
    const started = performance.now();
    for (let call = 0; call < 200_000; call += 1) {
      now += 10;
      budget.reserve(1000)!(900);
    }
    expect(performance.now() - started).toBeLessThan(3000);
    expect(budget.spent()).toBe(200_000 * 900);
    // An hour later the old reservations leave the total, and the array with them.
    now += 3_600_000 - 10 * 100;
    expect(budget.spent()).toBe(100 * 900);
  });
});
