import type { InspectorState } from '../inspector-state.ts';
import { clock, tokens } from './format.ts';
import { h, svg, type ViewChild, type ViewElement } from './view-node.ts';

type Savings = InspectorState['savings'];

const WIDTH = 640;
const HEIGHT = 180;
const MARGIN = { left: 56, right: 14, top: 12, bottom: 26 };

/** Maps times and totals to the drawing's coordinates. */
function scales(series: readonly { time: string }[], highest: number) {
  let start = new Date(series[0]!.time).getTime();
  const end = new Date(series.at(-1)!.time).getTime();
  // A single instant still gets a width.
  if (end <= start) start -= 1000;
  return {
    x: (time: string) =>
      MARGIN.left +
      ((new Date(time).getTime() - start) / (end - start)) * (WIDTH - MARGIN.left - MARGIN.right),
    y: (total: number) =>
      MARGIN.top + (1 - total / highest) * (HEIGHT - MARGIN.top - MARGIN.bottom),
  };
}

function axisLabel(x: number, anchor: string, text: string): ViewElement {
  return svg('text', { x, y: HEIGHT - 6, 'text-anchor': anchor, class: 'axis' }, text);
}

/**
 * The running total of tokens saved, as an area chart from the emulator's start; or a line
 * saying nothing was saved yet.
 */
export function savingsChart(savings: Savings, startedAt: string): ViewElement {
  const { points } = savings;
  if (points.length === 0) return h('p', { className: 'empty' }, 'No tokens saved yet.');
  // The chart starts at zero when the emulator started, so one point still draws a line.
  const series = [{ time: startedAt, totalSavedTokens: 0 }, ...points];
  const highest = Math.max(1, points.at(-1)!.totalSavedTokens);
  const { x, y } = scales(series, highest);
  const line = series
    .map(
      (point, index) =>
        `${index ? 'L ' : 'M '}${x(point.time).toFixed(1)} ${y(point.totalSavedTokens).toFixed(1)}`,
    )
    .join(' ');
  const first = series[0]!.time;
  const last = series.at(-1)!.time;
  const baseline = y(0).toFixed(1);
  const gridLines: ViewChild[] = [0, 0.5, 1].flatMap((fraction) => {
    const level = y(highest * fraction);
    return [
      svg('line', {
        x1: MARGIN.left,
        x2: WIDTH - MARGIN.right,
        y1: level,
        y2: level,
        stroke: '#eef0f3',
      }),
      svg(
        'text',
        { x: MARGIN.left - 8, y: level + 4, 'text-anchor': 'end', class: 'axis' },
        tokens(Math.round(highest * fraction)),
      ),
    ];
  });
  return svg(
    'svg',
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': 'Tokens saved over time' },
    ...gridLines,
    svg('path', {
      d: `${line} L ${x(last).toFixed(1)} ${baseline} L ${x(first).toFixed(1)} ${baseline} Z`,
      fill: 'rgba(79, 70, 229, 0.12)',
    }),
    svg('path', {
      d: line,
      fill: 'none',
      stroke: '#4f46e5',
      'stroke-width': 2.2,
      'stroke-linejoin': 'round',
    }),
    ...points.map((point) =>
      svg('circle', {
        cx: x(point.time).toFixed(1),
        cy: y(point.totalSavedTokens).toFixed(1),
        r: 3,
        fill: '#4f46e5',
      }),
    ),
    axisLabel(MARGIN.left, 'start', clock(first)),
    // One label when both ends fall on the same second.
    clock(last) !== clock(first) && axisLabel(WIDTH - MARGIN.right, 'end', clock(last)),
  );
}
