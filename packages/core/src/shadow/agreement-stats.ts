import { wilsonInterval } from './wilson-interval.ts';

/** The kind of content a compression touched: a history span, a tool result, a long message text. */
export type ContentKind = 'history' | 'tool-result' | 'message-text';

/** The running agreement of one level on one kind of content. */
export interface AgreementFigure {
  /** The level the compressed prompt was made at (`default` when the policy set none; a mode's name for a mode). */
  level: string;
  kind: ContentKind;
  /** Pairs judged, and of those the ones that agreed. */
  judged: number;
  agreed: number;
  /** agreed / judged (0 before any pair). */
  rate: number;
  /** The rate's 95% Wilson confidence interval. */
  lower: number;
  upper: number;
}

/** Counts of judged pairs per level and kind of content, read as rates with intervals. */
export class AgreementStats {
  readonly #counts = new Map<
    string,
    { level: string; kind: ContentKind; judged: number; agreed: number }
  >();

  record(level: string, kind: ContentKind, agree: boolean): AgreementFigure {
    const key = `${level}\u0000${kind}`;
    let count = this.#counts.get(key);
    if (!count) {
      count = { level, kind, judged: 0, agreed: 0 };
      this.#counts.set(key, count);
    }
    count.judged += 1;
    if (agree) count.agreed += 1;
    return figureOf(count);
  }

  /** Every level and kind judged so far. */
  figures(): AgreementFigure[] {
    return [...this.#counts.values()].map(figureOf);
  }
}

export function figureOf(count: {
  level: string;
  kind: ContentKind;
  judged: number;
  agreed: number;
}): AgreementFigure {
  const { lower, upper } = wilsonInterval(count.agreed, count.judged);
  return {
    level: count.level,
    kind: count.kind,
    judged: count.judged,
    agreed: count.agreed,
    rate: count.judged > 0 ? count.agreed / count.judged : 0,
    lower,
    upper,
  };
}
