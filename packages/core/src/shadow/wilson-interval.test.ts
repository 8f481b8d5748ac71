import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson-interval.ts';

describe('wilsonInterval', () => {
  it('matches the textbook figures', () => {
    const { lower, upper } = wilsonInterval(8, 10);
    expect(lower).toBeCloseTo(0.4902, 3);
    expect(upper).toBeCloseTo(0.9433, 3);
  });

  it('is [0, 1] with no trials and stays inside it at the edges', () => {
    expect(wilsonInterval(0, 0)).toEqual({ lower: 0, upper: 1 });
    expect(wilsonInterval(20, 20).upper).toBe(1);
    expect(wilsonInterval(0, 20).lower).toBe(0);
  });
});
