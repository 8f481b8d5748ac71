import { type AgreementFigure, type ContentKind, figureOf } from './agreement-stats.ts';
import { STEP_DOWN_EVIDENCE, SUSPECT_EVIDENCE, slipEvidence } from './slip-evidence.ts';

/** `adapt`'s settings, checked. */
export interface AdaptSettings {
  /** Agreement a level must hold: it is stepped down once the pairs judged show, sequentially tested, that it does not. */
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
 * down when, after at least `minSamples` pairs judged since the last change, those pairs'
 * evidence that its agreement is below the threshold reaches `STEP_DOWN_EVIDENCE` (a
 * sequential test with a 1% false-alarm rate over the level's whole run, see
 * slip-evidence.ts); it steps back up after a probation of calls, and each failure of the
 * same level doubles its next probation (hysteresis: a level that keeps failing is
 * retried less and less often).
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

  /**
   * Whether the level in use for `kind` is not cleared: new in use (no pairs yet), or its
   * pairs since the last change still leave the evidence of a slip at `SUSPECT_EVIDENCE`
   * or more. Such a level is shadowed at every call, so a slip is decided in tens of
   * calls, not in the hundreds the sample rate alone would take.
   */
  suspect(kind: ContentKind, base: string): boolean {
    const state = this.#states.get(`${base}\u0000${kind}`);
    const evidence = slipEvidence(state?.agreed ?? 0, state?.judged ?? 0, this.#settings.threshold);
    return evidence >= SUSPECT_EVIDENCE;
  }

  /** A judged pair at the level in use for `kind`; returns a step down when it is due. */
  record(kind: ContentKind, base: string, level: string, agree: boolean): LevelChange | undefined {
    const state = this.#state(kind, base);
    // A pair judged at a level no longer in use (a change happened while it ran) says nothing now.
    if (level !== rung(base, state.steps)) return undefined;
    state.judged += 1;
    if (agree) state.agreed += 1;
    if (state.judged < this.#settings.minSamples) return undefined;
    const evidence = slipEvidence(state.agreed, state.judged, this.#settings.threshold);
    if (evidence < STEP_DOWN_EVIDENCE) return undefined;
    const agreement = figureOf({ level, kind, judged: state.judged, agreed: state.agreed });
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
