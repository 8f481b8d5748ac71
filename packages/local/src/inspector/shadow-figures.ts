import type { AgreementFigure, ShadowEvent } from '@ctxopt/core';

/** What the inspector shows of shadow evaluation: agreement, level changes, observed savings. */
export interface ShadowFiguresState {
  /** The latest agreement per level and kind of content. */
  agreement: AgreementFigure[];
  /** The newest level changes, newest first. */
  changes: { time: string; kind: string; from: string; to: string; reason: string }[];
  /** `observe`: calls reported and the tokens compression would have saved on them. */
  observed: { calls: number; savedTokens: number };
  /** Shadow calls or judges that failed. */
  failures: number;
}

const MAX_CHANGES = 20;

/**
 * Keeps the figures of the shadow events an app hands to the emulator
 * (`onShadow: emulator.recordShadow`), for the inspector page.
 */
export class ShadowFigures {
  readonly #agreement = new Map<string, AgreementFigure>();
  readonly #changes: ShadowFiguresState['changes'] = [];
  readonly #observed = { calls: 0, savedTokens: 0 };
  #failures = 0;
  readonly #now: () => Date;

  constructor(now: () => Date) {
    this.#now = now;
  }

  record(event: ShadowEvent): void {
    if (event.type === 'judged') {
      for (const figure of event.agreement) {
        const { level, kind, judged, agreed, rate, lower, upper } = figure;
        this.#agreement.set(`${level}\u0000${kind}`, {
          level,
          kind,
          judged,
          agreed,
          rate,
          lower,
          upper,
        });
      }
    } else if (event.type === 'level-change') {
      const { kind, from, to, reason } = event;
      this.#changes.unshift({ time: this.#now().toISOString(), kind, from, to, reason });
      this.#changes.length = Math.min(this.#changes.length, MAX_CHANGES);
    } else if (event.type === 'observed') {
      this.#observed.calls += 1;
      this.#observed.savedTokens += event.savedTokens;
    } else if (event.type === 'failed') {
      this.#failures += 1;
    }
  }

  state(): ShadowFiguresState | undefined {
    if (
      this.#agreement.size === 0 &&
      this.#changes.length === 0 &&
      this.#observed.calls === 0 &&
      this.#failures === 0
    ) {
      return undefined;
    }
    return {
      agreement: [...this.#agreement.values()],
      changes: [...this.#changes],
      observed: { ...this.#observed },
      failures: this.#failures,
    };
  }
}
