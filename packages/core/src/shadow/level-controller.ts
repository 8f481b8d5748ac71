import { type AgreementFigure, type ContentKind, figureOf } from './agreement-stats.ts';

/** `adapt`'s settings, checked. */
export interface AdaptSettings {
  /** Agreement below which a level is stepped down, once its interval's upper bound is below it too. */
  threshold: number;
  /** Judged pairs a level needs at least before it can be stepped down. */
  minSamples: number;
  /** Calls a stepped-down kind stays down before the level above is tried again; doubles each time that level fails again. */
  probationCalls: number;
}

/** One change of the level used for a kind of content. */
export interface LevelChange {
  kind: ContentKind;
  /** The level asked for by the policy (`default` when it set none). */
  base: string;
  from: string;
  to: string;
  /** `agreement`: the level's agreement fell below the threshold; `probation`: the gentler level held its probation window. */
  reason: 'agreement' | 'probation';
  /** The agreement that decided it: of `from` for a step down, of `from` over the probation for a step up. */
  agreement: AgreementFigure;
  /** Calls of this kind seen when it changed. */
  call: number;
}

const LADDER = ['ultra', 'standard', 'low', 'off'] as const;

interface KindState {
  steps: number;
  judged: number;
  agreed: number;
  callsSinceChange: number;
  calls: number;
  /** Per rung: how many times the controller stepped down from it. */
  failures: number[];
}

/**
 * `adapt: true`: keeps, per kind of content (and the level the policy asks for), how many
 * steps down the ladder `ultra` → `standard` → `low` → `off` it currently is. A level steps
 * down when, over at least `minSamples` pairs judged since the last change, the upper bound
 * of its agreement's 95% interval is below the threshold; it steps back up after a
 * probation of calls, and each failure of the same level doubles its next probation
 * (hysteresis: a level that keeps failing is retried less and less often).
 */
export class LevelController {
  readonly #settings: AdaptSettings;
  readonly #states = new Map<string, KindState>();

  constructor(settings: AdaptSettings) {
    this.#settings = settings;
  }

  /** The level to use for `kind` when the policy asks for `base`. */
  levelFor(kind: ContentKind, base: string): string {
    const state = this.#states.get(`${base}\u0000${kind}`);
    return rung(base, state?.steps ?? 0);
  }

  /** A call planned to compress `kind`: counts towards the probation; returns a step up when it is due. */
  tick(kind: ContentKind, base: string): LevelChange | undefined {
    const state = this.#state(kind, base);
    state.calls += 1;
    state.callsSinceChange += 1;
    if (state.steps === 0) return undefined;
    const failures = state.failures[state.steps - 1] ?? 1;
    const needed = this.#settings.probationCalls * 2 ** Math.max(0, failures - 1);
    if (state.callsSinceChange < needed) return undefined;
    const from = rung(base, state.steps);
    const agreement = figureOf({ level: from, kind, judged: state.judged, agreed: state.agreed });
    // A gentler level whose own agreement slipped is no ground to go back up.
    if (state.judged > 0 && agreement.upper < this.#settings.threshold) return undefined;
    state.steps -= 1;
    this.#reset(state);
    return {
      kind,
      base,
      from,
      to: rung(base, state.steps),
      reason: 'probation',
      agreement,
      call: state.calls,
    };
  }

  /** Whether the level in use for `kind` is under suspicion: below the threshold, not yet decided. */
  suspect(kind: ContentKind, base: string): boolean {
    const state = this.#states.get(`${base}\u0000${kind}`);
    if (!state || state.judged === 0) return false;
    return state.agreed / state.judged < this.#settings.threshold;
  }

  /** A judged pair at the level in use for `kind`; returns a step down when it is due. */
  record(kind: ContentKind, base: string, level: string, agree: boolean): LevelChange | undefined {
    const state = this.#state(kind, base);
    // A pair judged at a level no longer in use (a change happened while it ran) says nothing now.
    if (level !== rung(base, state.steps)) return undefined;
    state.judged += 1;
    if (agree) state.agreed += 1;
    const agreement = figureOf({ level, kind, judged: state.judged, agreed: state.agreed });
    if (state.judged < this.#settings.minSamples || agreement.upper >= this.#settings.threshold) {
      return undefined;
    }
    if (rung(base, state.steps + 1) === rung(base, state.steps)) return undefined;
    state.failures[state.steps] = (state.failures[state.steps] ?? 0) + 1;
    state.steps += 1;
    this.#reset(state);
    return {
      kind,
      base,
      from: level,
      to: rung(base, state.steps),
      reason: 'agreement',
      agreement,
      call: state.calls,
    };
  }

  #state(kind: ContentKind, base: string): KindState {
    const key = `${base}\u0000${kind}`;
    let state = this.#states.get(key);
    if (!state) {
      state = { steps: 0, judged: 0, agreed: 0, callsSinceChange: 0, calls: 0, failures: [] };
      this.#states.set(key, state);
    }
    return state;
  }

  #reset(state: KindState): void {
    state.judged = 0;
    state.agreed = 0;
    state.callsSinceChange = 0;
  }
}

/** The level `steps` down from `base`; a base off the ladder (`auto`, the service's default, a mode) steps to `low`. */
function rung(base: string, steps: number): string {
  const start = (LADDER as readonly string[]).indexOf(base);
  const ladder = start >= 0 ? LADDER.slice(start) : [base, 'low', 'off'];
  return ladder[Math.min(steps, ladder.length - 1)]!;
}
