import { describe, expect, it } from 'vitest';
import { clock, dateTime, percent, plural, tokens } from './format.ts';

describe('the page formats', () => {
  it('prints token counts with thousands separators, and a dash for a missing count', () => {
    expect(tokens(1234567)).toBe('1,234,567');
    expect(tokens(0)).toBe('0');
    expect(tokens(undefined)).toBe('–');
    expect(tokens(null)).toBe('–');
  });

  it('prints a percentage with one decimal, and a dash for a missing one', () => {
    expect(percent(52.46)).toBe('52.5%');
    expect(percent(0)).toBe('0.0%');
    expect(percent(undefined)).toBe('–');
  });

  it('counts nouns in the singular for one only', () => {
    expect(plural(1, 'request')).toBe('1 request');
    expect(plural(0, 'operation')).toBe('0 operations');
    expect(plural(2, 'operation')).toBe('2 operations');
  });

  it('prints instants in 24-hour time of the local zone', () => {
    const instant = new Date(2026, 10, 25, 15, 4, 9);
    expect(clock(instant.toISOString())).toBe('15:04:09');
    expect(dateTime(instant.toISOString())).toBe('25/11/2026, 15:04:09');
  });
});
