import type { Unit } from './segment.ts';

/**
 * The additive parts of a unit's query score, each before its weight, for the weight fit
 * of bench/fit-weights.ts only: a unit's first-pass score is
 * `unit + proximityWeight * proximity + neighborWeight * neighbour + sectionWeight * section
 * + titleWeight * title` (score-query.ts), and the bridge pass adds `bridgeWeight * bridge`,
 * capped below the bridge's sources (compress-context.ts). For an English question the
 * section part also holds the passage's closeness in meaning (section-meaning.ts): no part
 * here, so a fit keeps `meaningWeight` as it is. Not exported from the package;
 * `featureSink.on` is false in every other use, so the engine checks it once per
 * compression, never per unit, and explain's output is the same with it or without.
 */
export const FEATURE_NAMES = [
  'unit',
  'proximity',
  'neighbour',
  'section',
  'title',
  'bridge',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export interface UnitFeatures {
  /** The engine's units of the rendered context (render-context.ts). */
  units: readonly Unit[];
  /** Each part by unit; `bridge` stays zeros when the bridge pass did not run. */
  values: Record<FeatureName, Float64Array>;
}

/** `on` while the fit runs: `last` then receives the parts of each compression with a query. */
export const featureSink: { on: boolean; last?: UnitFeatures | undefined } = { on: false };
