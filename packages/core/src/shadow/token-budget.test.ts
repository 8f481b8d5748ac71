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
});
