import type { MarkedSegment } from '../mark-sentences.ts';

/** How each signal reads in the page (see `UnitSignals`). */
const SIGNAL_LABELS: Record<string, string> = {
  query: 'query match',
  bridge: 'bridge',
  salience: 'salience',
  definition: 'definition',
  turnRelevance: 'turn relevance',
  turnNeighbours: 'neighbours',
  turnPrior: 'turn prior',
  turnNamedDay: 'named day',
  turnSystem: 'system',
};

/** Signals shown at most: the largest ones. */
const MAIN_SIGNALS = 3;

function figure(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}

/**
 * One line on why the engine kept or dropped a unit: its score, the reason, and its main
 * signals largest first, e.g. `score 1.204 · selected · query match 1.100, salience 0.104`.
 * Undefined when the operation has no explanation.
 */
export function unitScore(segment: MarkedSegment): string | undefined {
  if (segment.score === undefined || segment.reason === undefined) return undefined;
  const signals = Object.entries(segment.signals ?? {})
    .filter(([, value]) => typeof value === 'number' && value !== 0)
    .sort(([, a], [, b]) => Math.abs(b) - Math.abs(a))
    .slice(0, MAIN_SIGNALS)
    .map(([name, value]) => `${SIGNAL_LABELS[name] ?? name} ${figure(value)}`);
  return [`score ${figure(segment.score)}`, segment.reason.replaceAll('_', ' '), signals.join(', ')]
    .filter(Boolean)
    .join(' · ');
}
