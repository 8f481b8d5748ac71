import type { MonthlyUsage } from '@ctxopt/core';

export interface QuotaLedgerOptions {
  /** Tokens each API key may use per calendar month (UTC). @default 1000000 */
  limitTokens?: number;
  /** The clock; tests move it to cross a month boundary. @default () => new Date() */
  now?: () => Date;
}

export const DEFAULT_LIMIT_TOKENS = 1_000_000;

interface Account {
  /** The month the figures belong to, as `YYYY-MM`; a new month starts from zero. */
  month: string;
  usedTokens: number;
  operations: number;
  /** Tokens held by operations still running (`reserve`), not yet charged. */
  reservedTokens: number;
  /** Requests waiting for a reservation to settle before they are checked again. */
  waiting: (() => void)[];
}

/** A charge that can be taken back when its operation fails after all. */
export interface Charge {
  refund(): void;
}

/** Tokens held for an operation while it runs: settled to its exact charge, or released. */
export interface Reservation {
  /** Charges `tokens` (the exact count) in place of the reservation. */
  settle(tokens: number): Charge;
  /** Gives the reservation back: the operation failed before it could be charged. */
  release(): void;
}

/**
 * The monthly token quota of each API key. An operation is charged its `inputTokens`
 * (the tokens of the context the caller sent) once, when it succeeds; a replay is not
 * charged again. A request is accepted while `remainingTokens` is above zero, so the
 * last accepted one may take `usedTokens` past the limit; `remainingTokens` never goes
 * below zero. Concurrent requests reserve before they run (`reserve`), so they are
 * accepted exactly as they would be one after another, never all at once past the limit.
 */
export class QuotaLedger {
  readonly limitTokens: number;
  readonly #now: () => Date;
  readonly #accounts = new Map<string, Account>();

  constructor(options: QuotaLedgerOptions = {}) {
    this.limitTokens = options.limitTokens ?? DEFAULT_LIMIT_TOKENS;
    if (!Number.isInteger(this.limitTokens) || this.limitTokens < 0) {
      throw new RangeError(`limitTokens must be a non-negative integer (got ${this.limitTokens}).`);
    }
    this.#now = options.now ?? (() => new Date());
  }

  #account(apiKey: string): Account {
    const month = this.#now().toISOString().slice(0, 7);
    let account = this.#accounts.get(apiKey);
    if (!account || account.month !== month) {
      account = { month, usedTokens: 0, operations: 0, reservedTokens: 0, waiting: [] };
      this.#accounts.set(apiKey, account);
    }
    return account;
  }

  /** The `usage.monthly` block of a response for this key (spec 2.3). */
  usage(apiKey: string): MonthlyUsage {
    const account = this.#account(apiKey);
    return {
      limitTokens: this.limitTokens,
      usedTokens: account.usedTokens,
      remainingTokens: Math.max(0, this.limitTokens - account.usedTokens),
      resetsAt: this.resetsAt(),
    };
  }

  /** First instant of the next month, UTC, as ISO 8601. */
  resetsAt(): string {
    const now = this.#now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
  }

  /** Whole seconds until the quota resets: the `Retry-After` of a `quota_exceeded` answer. */
  secondsUntilReset(): number {
    return Math.max(0, Math.ceil((Date.parse(this.resetsAt()) - this.#now().getTime()) / 1000));
  }

  /** Whether this key may start another operation this month. */
  isExhausted(apiKey: string): boolean {
    return this.#account(apiKey).usedTokens >= this.limitTokens;
  }

  /**
   * Holds `tokens` (an upper bound of the operation's charge) for an operation about to
   * run; `undefined` when the key's quota is used up. While operations still running hold
   * reservations that reach the limit, it waits for them to settle and checks again, so
   * concurrent requests are accepted exactly as they would be one after another (a
   * request is accepted while the tokens used are below the limit), and never all at once
   * past it. The check and the reservation are one synchronous step.
   */
  async reserve(apiKey: string, tokens: number): Promise<Reservation | undefined> {
    for (;;) {
      const account = this.#account(apiKey);
      if (account.usedTokens >= this.limitTokens) return undefined;
      if (account.usedTokens + account.reservedTokens < this.limitTokens) {
        return this.#hold(account, tokens);
      }
      // Reservations of running operations fill the rest: their outcome decides.
      await new Promise<void>((resolve) => account.waiting.push(resolve));
    }
  }

  #hold(account: Account, tokens: number): Reservation {
    account.reservedTokens += tokens;
    let open = true;
    const close = () => {
      if (!open) return false;
      open = false;
      account.reservedTokens -= tokens;
      for (const wake of account.waiting.splice(0)) wake();
      return true;
    };
    return {
      settle: (exact) => {
        if (!close()) throw new Error('This quota reservation was already settled or released.');
        return this.#chargeAccount(account, exact);
      },
      release: () => {
        close();
      },
    };
  }

  /** Charges one operation; the charge belongs to the month it was made in. */
  charge(apiKey: string, tokens: number): Charge {
    return this.#chargeAccount(this.#account(apiKey), tokens);
  }

  #chargeAccount(account: Account, tokens: number): Charge {
    account.usedTokens += tokens;
    account.operations += 1;
    let refunded = false;
    return {
      refund: () => {
        if (refunded) return;
        refunded = true;
        account.usedTokens -= tokens;
        account.operations -= 1;
      },
    };
  }

  /** Tokens this key used this month. */
  usedTokens(apiKey: string): number {
    return this.#account(apiKey).usedTokens;
  }

  /** Operations charged to this key this month (replays and failures are not). */
  operations(apiKey: string): number {
    return this.#account(apiKey).operations;
  }

  /** Sets this month's usage of a key, to start a test or a demo near the limit. */
  setUsedTokens(apiKey: string, usedTokens: number): void {
    this.#account(apiKey).usedTokens = usedTokens;
  }
}
