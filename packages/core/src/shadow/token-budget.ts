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
  readonly #entries: { at: number; tokens: number }[] = [];

  constructor(inputTokensPerHour: number, now: () => number = Date.now) {
    this.#limit = inputTokensPerHour;
    this.#now = now;
  }

  /** Tokens spent or reserved in the last hour. */
  spent(): number {
    const since = this.#now() - HOUR_MS;
    while (this.#entries.length > 0 && this.#entries[0]!.at <= since) this.#entries.shift();
    return this.#entries.reduce((total, entry) => total + entry.tokens, 0);
  }

  /**
   * Reserves `tokens` when they fit; returns a function that settles the reservation to
   * the tokens really spent (never more than was reserved counts twice), or undefined.
   */
  reserve(tokens: number): ((actual: number | undefined) => void) | undefined {
    if (this.spent() + tokens > this.#limit) return undefined;
    const entry = { at: this.#now(), tokens };
    this.#entries.push(entry);
    return (actual) => {
      if (actual !== undefined && Number.isFinite(actual) && actual >= 0) entry.tokens = actual;
    };
  }
}
