import type { InspectedOperation, OperationSummary } from './inspected-operation.ts';

/** Operations the inspector keeps by default (the newest). */
export const DEFAULT_INSPECTOR_MAX_OPERATIONS = 100;
/** Characters kept of each text of an operation (context, compressed text, answer, query). */
export const DEFAULT_INSPECTOR_MAX_TEXT_CHARS = 65_536;
/** Points kept for the savings chart (one per charged operation, the newest). */
export const SAVINGS_POINTS = 1000;

/** One charged operation on the savings chart. */
export interface SavingsPoint {
  time: string;
  savedTokens: number;
  /** Tokens saved by every operation since the emulator started, this one included. */
  totalSavedTokens: number;
}

/**
 * The newest operations in a ring of fixed size, plus the savings series, so the
 * inspector's memory stays bounded however long the emulator runs: at most
 * `maxOperations` entries of a few capped texts each, and `SAVINGS_POINTS` points.
 */
export class OperationLog {
  readonly maxOperations: number;
  readonly #ring: (InspectedOperation | undefined)[];
  #next = 0;
  #recorded = 0;
  #totalSavedTokens = 0;
  readonly #savings: SavingsPoint[] = [];

  constructor(maxOperations = DEFAULT_INSPECTOR_MAX_OPERATIONS) {
    if (!Number.isInteger(maxOperations) || maxOperations < 1) {
      throw new RangeError(
        `inspectorMaxOperations must be a positive integer (got ${maxOperations}).`,
      );
    }
    this.maxOperations = maxOperations;
    this.#ring = new Array(maxOperations);
  }

  /** Operations recorded since the start, evicted ones included. */
  get recorded(): number {
    return this.#recorded;
  }

  get totalSavedTokens(): number {
    return this.#totalSavedTokens;
  }

  /** Adds the operation `create` builds for the next id (1, 2, ...), evicting the oldest. */
  add(create: (id: number) => InspectedOperation): void {
    const operation = create(this.#recorded + 1);
    this.#ring[this.#next] = operation;
    this.#next = (this.#next + 1) % this.maxOperations;
    this.#recorded++;
    const { summary } = operation;
    // A replay was not charged again and saved nothing new.
    if (summary.status === 200 && !summary.replayed && summary.savedTokens !== undefined) {
      this.#totalSavedTokens += summary.savedTokens;
      this.#savings.push({
        time: summary.time,
        savedTokens: summary.savedTokens,
        totalSavedTokens: this.#totalSavedTokens,
      });
      if (this.#savings.length > SAVINGS_POINTS) this.#savings.shift();
    }
  }

  /**
   * The kept operations, newest first: those with an id below `before` (all by default),
   * while `take` accepts them (it stops the walk by returning false).
   */
  list(
    before = Number.POSITIVE_INFINITY,
    take: (summary: OperationSummary) => boolean = () => true,
  ): OperationSummary[] {
    const summaries: OperationSummary[] = [];
    for (let step = 1; step <= this.maxOperations; step++) {
      const operation = this.#ring[(this.#next - step + this.maxOperations) % this.maxOperations];
      if (!operation || operation.summary.id >= before) continue;
      if (!take(operation.summary)) break;
      summaries.push(operation.summary);
    }
    return summaries;
  }

  get(id: number): InspectedOperation | undefined {
    const operation = this.#ring[(id - 1) % this.maxOperations];
    return operation?.summary.id === id ? operation : undefined;
  }

  savings(): readonly SavingsPoint[] {
    return this.#savings;
  }
}
