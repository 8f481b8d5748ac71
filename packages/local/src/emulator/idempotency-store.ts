export interface IdempotencyStoreOptions<T = unknown> {
  /** How long a stored response is replayed, in milliseconds. @default 86400000 (24 hours) */
  ttlMs?: number;
  /** Stored responses kept at most; the oldest is evicted first. @default 10000 */
  maxEntries?: number;
  /**
   * Bytes of stored responses kept at most (`sizeOf` each); the oldest is evicted first,
   * and a response larger than this is not stored at all. @default 67108864 (64 MiB)
   */
  maxBytes?: number;
  /** The bytes a stored value takes. @default 0 (only `maxEntries` bounds the store) */
  sizeOf?: (value: T) => number;
  /** The clock, in milliseconds. @default Date.now */
  now?: () => number;
}

export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_IDEMPOTENCY_MAX_ENTRIES = 10_000;
/** 64 MiB: a dozen answers at the largest body the emulator accepts (5 MiB), thousands of common ones. */
export const DEFAULT_IDEMPOTENCY_MAX_BYTES = 64 * 1024 * 1024;

/** How a run whose result was not stored ended, for the requests that waited for it: its value, or its throw. */
export type UnstoredRun<T> =
  | { kind: 'value'; value: T }
  | { kind: 'threw'; error: unknown }
  | undefined;

interface Entry<T> {
  fingerprint: string;
  /** Undefined while the first request with this key is still running. */
  value: T | undefined;
  expiresAt: number;
  /** Bytes of `value` (`sizeOf`). */
  bytes: number;
  /** Resolves when the first run ends: with its outcome when it was not stored. */
  settled: Promise<UnstoredRun<T>>;
}

export type IdempotencyClaim<T> =
  /** No request used this key yet: run it, then `finish` with what to store (or nothing). */
  | {
      kind: 'run';
      /**
       * Stores `value`; `undefined` stores nothing, and the requests waiting for this run
       * get `unstored` (its failure) rather than running it again one after another.
       */
      finish(value: T | undefined, unstored?: UnstoredRun<T>): void;
    }
  | { kind: 'replay'; value: T }
  /** The key was used with another body (spec 7.2). */
  | { kind: 'conflict'; running: boolean }
  /**
   * The same request is still running: wait for it. A stored result is then claimed as a
   * replay; a result that was not stored (a failure) or a throw is the waiter's too.
   */
  | { kind: 'wait'; settled: Promise<UnstoredRun<T>> };

/** What `once` did: ran the operation, replayed a stored result, or met another body. */
export type IdempotentOutcome<T> =
  | { kind: 'ran'; value: T }
  | { kind: 'replay'; value: T }
  | { kind: 'conflict'; running: boolean };

/**
 * Responses stored by (scope, Idempotency-Key), where the scope is the API key: the same
 * key under two API keys names two operations. Expiry is checked on use, so the store
 * holds no timer. Bounded in entries and in bytes.
 */
export class IdempotencyStore<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #maxBytes: number;
  readonly #sizeOf: (value: T) => number;
  #bytes = 0;

  constructor(options: IdempotencyStoreOptions<T> = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS;
    this.#maxEntries = positive(
      'idempotencyMaxEntries',
      options.maxEntries ?? DEFAULT_IDEMPOTENCY_MAX_ENTRIES,
    );
    this.#maxBytes = positive(
      'idempotencyMaxBytes',
      options.maxBytes ?? DEFAULT_IDEMPOTENCY_MAX_BYTES,
    );
    this.#sizeOf = options.sizeOf ?? (() => 0);
    this.#now = options.now ?? Date.now;
  }

  /** Stored and running entries. */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes of the stored values (`sizeOf`). */
  get bytes(): number {
    return this.#bytes;
  }

  #delete(id: string, entry: Entry<T>) {
    this.#entries.delete(id);
    this.#bytes -= entry.bytes;
  }

  claim(scope: string, key: string, fingerprint: string): IdempotencyClaim<T> {
    const id = `${scope}\u0000${key}`;
    const existing = this.#entries.get(id);
    if (existing && existing.value !== undefined && existing.expiresAt <= this.#now()) {
      this.#delete(id, existing);
    } else if (existing) {
      if (existing.fingerprint !== fingerprint) {
        return { kind: 'conflict', running: existing.value === undefined };
      }
      if (existing.value === undefined) return { kind: 'wait', settled: existing.settled };
      return { kind: 'replay', value: existing.value };
    }
    let settle: (outcome: UnstoredRun<T>) => void = () => {};
    const entry: Entry<T> = {
      fingerprint,
      value: undefined,
      expiresAt: Number.POSITIVE_INFINITY,
      bytes: 0,
      settled: new Promise<UnstoredRun<T>>((resolve) => {
        settle = resolve;
      }),
    };
    this.#entries.set(id, entry);
    return {
      kind: 'run',
      finish: (value, unstored) => {
        const bytes = value === undefined ? 0 : this.#sizeOf(value);
        if (value === undefined || bytes > this.#maxBytes) {
          this.#entries.delete(id);
          settle(value === undefined ? unstored : { kind: 'value', value });
          return;
        }
        entry.value = value;
        entry.bytes = bytes;
        entry.expiresAt = this.#now() + this.#ttlMs;
        this.#bytes += bytes;
        this.#evict();
        settle(undefined);
      },
    };
  }

  /**
   * Runs `execute` under the key unless its result is stored (replay) or the key belongs to
   * another fingerprint (conflict); while the same request runs, waits for it. The result
   * is stored when `keep` says so (default: always); a throw stores nothing. Requests that
   * waited for a run whose result was not stored get that result (or its throw): a failing
   * operation runs once for all of them, not once each, in turn.
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
        const settled = await claim.settled;
        if (settled?.kind === 'value') return { kind: 'ran', value: settled.value };
        if (settled?.kind === 'threw') throw settled.error;
        continue;
      }
      if (claim.kind !== 'run') return claim;
      let value: T;
      try {
        value = await execute();
      } catch (error) {
        claim.finish(undefined, { kind: 'threw', error });
        throw error;
      }
      const kept = keep(value);
      claim.finish(kept ? value : undefined, kept ? undefined : { kind: 'value', value });
      return { kind: 'ran', value };
    }
  }

  /** Drops expired entries, then the oldest stored ones beyond `maxEntries` or `maxBytes`. */
  #evict() {
    const now = this.#now();
    // Map order is claim order, which with one TTL is nearly expiry order: stop at the
    // first stored entry still alive rather than walk the whole store on every write
    // (bench/emulator-throughput.ts). One that expires out of order is still refused on
    // use, and goes with the size bound.
    for (const [id, entry] of this.#entries) {
      if (entry.value === undefined) continue;
      if (entry.expiresAt > now) break;
      this.#delete(id, entry);
    }
    for (const [id, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      // A running request keeps its place: dropping it would let its retry run twice.
      if (entry.value !== undefined) this.#delete(id, entry);
    }
  }
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer (got ${value}).`);
  }
  return value;
}
