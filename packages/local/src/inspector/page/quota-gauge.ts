import type { InspectorState } from '../inspector-state.ts';
import { plural, tokens } from './format.ts';
import { h, svg, type ViewElement } from './view-node.ts';

export type QuotaAccount = InspectorState['quota'][number];

/** The half circle the gauge fills, radius 50, and its length. */
const ARC = 'M 10 60 A 50 50 0 0 1 110 60';
const ARC_LENGTH = Math.PI * 50;

/** The share of the quota used, 0 to 1; a quota of zero tokens counts as full. */
export function usedShare(account: QuotaAccount): number {
  return account.limitTokens > 0 ? Math.min(1, account.usedTokens / account.limitTokens) : 1;
}

function colourOf(share: number): string {
  if (share < 0.7) return '#16a34a';
  return share < 0.9 ? '#d97706' : '#dc2626';
}

function gaugeDrawing(share: number): ViewElement {
  const outline = { 'stroke-width': 11, 'stroke-linecap': 'round' };
  return svg(
    'svg',
    {
      viewBox: '0 0 120 68',
      role: 'img',
      'aria-label': `${Math.round(share * 100)}% of the monthly quota used`,
    },
    svg('path', { d: ARC, fill: 'none', stroke: '#e5e7eb', ...outline }),
    share > 0 &&
      svg('path', {
        d: ARC,
        fill: 'none',
        stroke: colourOf(share),
        ...outline,
        'stroke-dasharray': `${(share * ARC_LENGTH).toFixed(2)} ${ARC_LENGTH.toFixed(2)}`,
      }),
    svg(
      'text',
      {
        x: 60,
        y: 56,
        'text-anchor': 'middle',
        'font-size': 17,
        'font-weight': 650,
        fill: '#1f2430',
      },
      `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`,
    ),
  );
}

/** One API key's monthly quota: a gauge and its figures. */
export function quotaGauge(account: QuotaAccount): ViewElement {
  return h(
    'div',
    { className: 'gauge', dataset: { usedTokens: String(account.usedTokens) } },
    gaugeDrawing(usedShare(account)),
    h(
      'div',
      {},
      h('div', { className: 'figure' }, tokens(account.usedTokens)),
      h('div', { className: 'label' }, `of ${tokens(account.limitTokens)} tokens used`),
      h(
        'div',
        { className: 'label' },
        `${account.label} · ${tokens(account.remainingTokens)} left · ${plural(account.operations, 'operation')}`,
      ),
      h(
        'div',
        { className: 'label' },
        `resets ${new Date(account.resetsAt).toISOString().slice(0, 10)}`,
      ),
    ),
  );
}
