import { describe, expect, it } from 'vitest';
import { type PeerRow, peerChartPoints } from '../support/peer-table.ts';
import { scatterChartSvg } from '../support/svg-chart.ts';

const row = (framework: PeerRow['framework'], variant: string, cost: number, recall: number) =>
  ({
    conversation: '30 turns, records',
    framework,
    variant,
    anthropicBreakpoints: cost,
    lateRecall: recall,
  }) as PeerRow;

describe('the cost-against-recall chart', () => {
  it('draws a point per variant and conversation, the baselines as the 1x line, ctxopt under one name', () => {
    const rows = [
      row('ai-sdk', 'no compression, caching', 1, 1),
      row('ai-sdk', 'ctxopt (defaults)', 0.43, 1),
      row('langchain', 'ctxopt (defaults)', 0.44, 1),
      row('ai-sdk', 'pruneMessages (documented example)', 0.46, 0),
    ];
    const points = peerChartPoints(rows);
    expect(points.map((point) => point.name)).toEqual([
      'ctxopt (defaults)',
      'ctxopt (defaults)',
      'pruneMessages (documented example), AI SDK',
    ]);
    const svg = scatterChartSvg('title', 'cost', 'recall', points);
    // Three points and two legend markers.
    expect(svg.match(/<circle /g)).toHaveLength(5);
    expect(svg).toContain('1x: no compression, caching');
    expect(svg).toContain('pruneMessages (documented example), AI SDK');
  });
});
