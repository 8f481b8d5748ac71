import type { ShadowJudge } from './shadow-answer.ts';
import type { ShadowEvent } from './shadow-event.ts';

/** `shadow`: answer sampled calls once more with the uncompressed prompt, in the background, and judge agreement. */
export interface ShadowOptions {
  /**
   * Fraction of compressed calls shadowed, 0..1; with `adapt`, every call at a level not yet
   * cleared is shadowed too (at the default threshold, 47 agreeing pairs clear a level new
   * in use), and 0 shadows nothing. @default 0.05
   */
  sampleRate?: number;
  /** Extra input tokens shadow calls may spend. @default { inputTokensPerHour: 1_000_000 } */
  budget?: { inputTokensPerHour?: number };
  /** Shadow calls running at once; a sampled call past it is not shadowed. @default 2 */
  concurrency?: number;
  /**
   * Milliseconds between the user's answer and the shadow call, so the framework finishes
   * its own work on the user's call first (see "Shadow evaluation"). @default 50
   */
  delayMs?: number;
  /** Seeds the sampler, for reproducible runs. @default random */
  seed?: number;
  /** Decides whether two answers agree. @default the free deterministic judge (words, numbers, names, tool calls) */
  judge?: ShadowJudge;
}

/** `adapt`: step a kind of content down `ultra` → `standard` → `low` → off when its agreement slips. */
export interface AdaptOptions {
  /** Agreement to hold. @default 0.95 */
  threshold?: number;
  /** Judged pairs a level needs before it can be stepped down. @default 20 */
  minSamples?: number;
  /** Calls before a stepped-down kind tries the level above again (doubling at each new failure). @default 1000 */
  probationCalls?: number;
}

/** The shadow evaluation options of the conversation policy, shared by both integrations. */
export interface ShadowPolicyFields {
  /** Shadow evaluation (true: the defaults). @default off */
  shadow?: boolean | ShadowOptions;
  /** Step levels down when agreement slips (needs `shadow`; true: the defaults). @default off */
  adapt?: boolean | AdaptOptions;
  /** Report what compression would do on every call, while the model receives the original prompt. @default false */
  observe?: boolean;
  /** Receives every judged pair, level change, observed call and shadow failure. */
  onShadow?: (event: ShadowEvent) => void;
}
