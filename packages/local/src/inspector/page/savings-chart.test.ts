import { describe, expect, it } from 'vitest';
import { savingsChart } from './savings-chart.ts';
import { elementsOf, textOf } from './testing/view-query.ts';

const startedAt = '2026-11-25T14:00:00.000Z';
const point = (seconds: number, savedTokens: number, totalSavedTokens: number) => ({
  time: new Date(Date.parse(startedAt) + seconds * 1000).toISOString(),
  savedTokens,
  totalSavedTokens,
});
const ofTag = (chart: ReturnType<typeof savingsChart>, tag: string) =>
  elementsOf(chart).filter((element) => element.tag === tag);

describe('the savings chart', () => {
  it('says so when nothing was saved yet', () => {
    const chart = savingsChart({ totalSavedTokens: 0, points: [] }, startedAt);
    expect(chart).toMatchObject({ tag: 'p', className: 'empty' });
    expect(textOf(chart)).toBe('No tokens saved yet.');
  });

  it('draws the running total from zero at the start, one dot per operation', () => {
    const points = [point(10, 500, 500), point(20, 1500, 2000)];
    const chart = savingsChart({ totalSavedTokens: 2000, points }, startedAt);
    expect(chart.attributes.viewBox).toBe('0 0 640 180');
    expect(ofTag(chart, 'circle').map((dot) => [dot.attributes.cx, dot.attributes.cy])).toEqual([
      ['341.0', '118.5'],
      ['626.0', '12.0'],
    ]);
    const line = ofTag(chart, 'path')[1]!.attributes.d;
    expect(line).toBe('M 56.0 154.0 L 341.0 118.5 L 626.0 12.0');
    // 570 wide from x 56, 142 high from y 12; grid labels at 0, half and the highest total.
    expect(ofTag(chart, 'text').slice(0, 3).map(textOf)).toEqual(['0', '1,000', '2,000']);
  });

  it('draws a single operation at the start instant without dividing by zero', () => {
    const chart = savingsChart({ totalSavedTokens: 10, points: [point(0, 10, 10)] }, startedAt);
    for (const path of ofTag(chart, 'path')) expect(path.attributes.d).not.toMatch(/NaN|Infinity/);
    // Both ends fall on the same second: one time label.
    expect(ofTag(chart, 'text')).toHaveLength(4);
  });
});
