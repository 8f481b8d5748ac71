const HOUR_MS = 3_600_000;

/**
 * Input tokens that shadow calls may spend per sliding hour. A call reserves its estimate
 * before it starts and settles to the provider's figure after, so what the shadow spends in
 * any hour never exceeds the budget (an estimate is padded by a fifth, and a call that
 * would not fit is not made).
 */
export class TokenBudget {
  readonly #limit: number;
  readonly #now: () => number;
  readonly #entries: { at: number; tokens: number; counted: boolean }[] = [];
  /** The entries' tokens, kept as they change: a sampled call reads it in O(1), whatever the traffic. */
  #total = 0;
  /** Index of the oldest entry still in the hour; the array is compacted when half is gone. */
  #first = 0;

  constructor(inputTokensPerHour: number, now: () => number = Date.now) {
    this.#limit = inputTokensPerHour;
    this.#now = now;
  }

  /** Tokens spent or reserved in the last hour. */
  spent(): number {
    const since = this.#now() - HOUR_MS;
    const entries = this.#entries;
    while (this.#first < entries.length && entries[this.#first]!.at <= since) {
      const entry = entries[this.#first]!;
      this.#total -= entry.tokens;
      entry.counted = false;
      this.#first += 1;
    }
    if (this.#first > 1024 && this.#first * 2 > entries.length) {
      entries.splice(0, this.#first);
      this.#first = 0;
    }
    if (this.#first === entries.length) this.#total = 0; // no drift from float sums once empty
    return this.#total;
  }

  /**
   * Reserves `tokens` when they fit; returns a function that settles the reservation to
   * the tokens really spent (never more than was reserved counts twice), or undefined.
   */
  reserve(tokens: number): ((actual: number | undefined) => void) | undefined {
    if (this.spent() + tokens > this.#limit) return undefined;
    const entry = { at: this.#now(), tokens, counted: true };
    this.#entries.push(entry);
    this.#total += tokens;
    return (actual) => {
      if (actual === undefined || !Number.isFinite(actual) || actual < 0) return;
      // An entry already out of the hour no longer counts in the total.
      if (entry.counted) this.#total += actual - entry.tokens;
      entry.tokens = actual;
    };
  }
}
