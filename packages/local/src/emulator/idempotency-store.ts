export interface IdempotencyStoreOptions {
  /** How long a stored response is replayed, in milliseconds. @default 86400000 (24 hours) */
  ttlMs?: number;
  /** Stored responses kept at most; the oldest is evicted first. @default 10000 */
  maxEntries?: number;
  /** The clock, in milliseconds. @default Date.now */
  now?: () => number;
}

export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_IDEMPOTENCY_MAX_ENTRIES = 10_000;

interface Entry<T> {
  fingerprint: string;
  /** Undefined while the first request with this key is still running. */
  value: T | undefined;
  expiresAt: number;
  settled: Promise<void>;
}

export type IdempotencyClaim<T> =
  /** No request used this key yet: run it, then `finish` with what to store (or nothing). */
  | { kind: 'run'; finish(value: T | undefined): void }
  | { kind: 'replay'; value: T }
  /** The key was used with another body (spec 7.2). */
  | { kind: 'conflict'; running: boolean }
  /** The same request is still running: wait for it, then claim again. */
  | { kind: 'wait'; settled: Promise<void> };

/** What `once` did: ran the operation, replayed a stored result, or met another body. */
export type IdempotentOutcome<T> =
  | { kind: 'ran'; value: T }
  | { kind: 'replay'; value: T }
  | { kind: 'conflict'; running: boolean };

/**
 * Responses stored by (scope, Idempotency-Key), where the scope is the API key: the same
 * key under two API keys names two operations. Expiry is checked on use, so the store
 * holds no timer.
 */
export class IdempotencyStore<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: IdempotencyStoreOptions = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
    this.#maxEntries = options.maxEntries ?? DEFAULT_IDEMPOTENCY_MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  /** Stored and running entries. */
  get size(): number {
    return this.#entries.size;
  }

  claim(scope: string, key: string, fingerprint: string): IdempotencyClaim<T> {
    const id = `${scope}\u0000${key}`;
    const existing = this.#entries.get(id);
    if (existing && existing.value !== undefined && existing.expiresAt <= this.#now()) {
      this.#entries.delete(id);
    } else if (existing) {
      if (existing.fingerprint !== fingerprint) {
        return { kind: 'conflict', running: existing.value === undefined };
      }
      if (existing.value === undefined) return { kind: 'wait', settled: existing.settled };
      return { kind: 'replay', value: existing.value };
    }
    let settle = () => {};
    const entry: Entry<T> = {
      fingerprint,
      value: undefined,
      expiresAt: Number.POSITIVE_INFINITY,
      settled: new Promise<void>((resolve) => {
        settle = resolve;
      }),
    };
    this.#entries.set(id, entry);
    return {
      kind: 'run',
      finish: (value) => {
        if (value === undefined) {
          this.#entries.delete(id);
        } else {
          entry.value = value;
          entry.expiresAt = this.#now() + this.#ttlMs;
          this.#evict();
        }
        settle();
      },
    };
  }

  /**
   * Runs `execute` under the key unless its result is stored (replay) or the key belongs to
   * another fingerprint (conflict); while the same request runs, waits for it. The result
   * is stored when `keep` says so (default: always); a throw stores nothing.
   */
  async once(
    scope: string,
    key: string,
    fingerprint: string,
    execute: () => T | Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<IdempotentOutcome<T>> {
    for (;;) {
      const claim = this.claim(scope, key, fingerprint);
      if (claim.kind === 'wait') {
        await claim.settled;
        continue;
      }
      if (claim.kind !== 'run') return claim;
      let value: T | undefined;
      try {
        value = await execute();
        return { kind: 'ran', value };
      } finally {
        claim.finish(value !== undefined && keep(value) ? value : undefined);
      }
    }
  }

  /** Drops expired entries, then the oldest stored ones beyond `maxEntries`. */
  #evict() {
    const now = this.#now();
    // Map order is claim order, which with one TTL is nearly expiry order: stop at the
    // first stored entry still alive rather than walk the whole store on every write
    // (bench/emulator-throughput.ts). One that expires out of order is still refused on
    // use, and goes with the size bound.
    for (const [id, entry] of this.#entries) {
      if (entry.value === undefined) continue;
      if (entry.expiresAt > now) break;
      this.#entries.delete(id);
    }
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries) break;
      // A running request keeps its place: dropping it would let its retry run twice.
      if (entry.value !== undefined) this.#entries.delete(id);
    }
  }
}
