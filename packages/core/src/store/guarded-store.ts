import type { CompressionStore } from './compression-store.ts';

/** How long one store operation may take before it counts as a miss. */
export const DEFAULT_STORE_TIMEOUT_MS = 250;

/**
 * After an operation fails or times out, the store is left alone for this long: a hung
 * server costs one timeout, not one per operation (9 parts once cost 18 s against a 5 s
 * deadline). Short, so a store that comes back is used again within a few calls.
 */
export const STORE_COOL_DOWN_MS = 2_000;

export type StoreOperation = 'get' | 'set' | 'claim' | 'release';

export interface GuardedStoreOptions {
  /** Milliseconds one operation may take. @default 250 */
  timeout?: number;
  /** Told about each failed or slow operation; the caller goes on as if it missed. */
  onError?: (error: unknown, operation: StoreOperation) => void;
  /** The clock, in milliseconds (tests move it). @default performance.now */
  now?: () => number;
}

/** What a read found: a value, nothing, or no answer in time (a store down or slow). */
export type StoreRead =
  | { status: 'found'; value: string }
  | { status: 'missing' }
  | { status: 'unavailable'; error: unknown };

/**
 * A store whose operations never throw and never take longer than the timeout, nor past
 * the `signal` given (a prompt's deadline).
 */
export interface GuardedStore {
  get(key: string, signal?: AbortSignal): Promise<string | undefined>;
  /** Like `get`, but tells a missing value from one that could not be read in time. */
  read(key: string, signal?: AbortSignal): Promise<StoreRead>;
  set(key: string, value: string, ttlSeconds: number, signal?: AbortSignal): Promise<void>;
  /** `true` when this caller may compute the key: it holds the claim, or claims are not supported or failed. */
  claim(key: string, ttlSeconds: number, signal?: AbortSignal): Promise<boolean>;
  release(key: string, signal?: AbortSignal): Promise<void>;
  /**
   * Starts connecting now (where the store connects), so the first real operation does not
   * pay for it; settles when connected or failed (never rejects).
   */
  warm(): Promise<void>;
}

class StoreCoolingDown extends Error {
  constructor() {
    super('compression store skipped: it failed or was slow moments ago');
  }
}

/**
 * Wraps a store so that a store that is down or slow never breaks the model call: a
 * failed or slow `get` is a miss, a failed `set` is dropped, a failed `claim` lets this
 * caller compress. Each failure is reported once through `onError`; after one, the store
 * is skipped for `STORE_COOL_DOWN_MS`.
 */
export function guardStore(
  store: CompressionStore,
  options: GuardedStoreOptions = {},
): GuardedStore {
  const timeout = options.timeout ?? DEFAULT_STORE_TIMEOUT_MS;
  const now = options.now ?? (() => performance.now());
  let coolUntil = Number.NEGATIVE_INFINITY;
  const attempt = async <T>(
    operation: StoreOperation,
    run: () => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> => {
    if (now() < coolUntil) return { ok: false, error: new StoreCoolingDown() };
    if (signal?.aborted) return { ok: false, error: signal.reason };
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`compression store ${operation} took longer than ${timeout} ms`)),
        timeout,
      );
      timer.unref?.();
      onAbort = () => reject(signal?.reason ?? new Error(`compression store ${operation} aborted`));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const running = run();
      // The loser of the race may still reject; nobody is left to tell.
      running.catch(() => {});
      return { ok: true, value: await Promise.race([running, stopped]) };
    } catch (error) {
      // The prompt's deadline ending a wait says nothing about the store's health.
      if (!signal?.aborted) {
        coolUntil = now() + STORE_COOL_DOWN_MS;
        options.onError?.(error, operation);
      }
      return { ok: false, error };
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  };
  const read = async (key: string, signal?: AbortSignal): Promise<StoreRead> => {
    const outcome = await attempt('get', () => store.get(key), signal);
    if (!outcome.ok) return { status: 'unavailable', error: outcome.error };
    return typeof outcome.value === 'string'
      ? { status: 'found', value: outcome.value }
      : { status: 'missing' };
  };
  return {
    read,
    get: async (key, signal) => {
      const outcome = await read(key, signal);
      return outcome.status === 'found' ? outcome.value : undefined;
    },
    set: async (key, value, ttlSeconds, signal) => {
      await attempt('set', () => store.set(key, value, ttlSeconds), signal);
    },
    claim: async (key, ttlSeconds, signal) => {
      if (!store.claim) return true;
      const outcome = await attempt('claim', () => store.claim!(key, ttlSeconds), signal);
      return outcome.ok ? outcome.value : true;
    },
    release: async (key, signal) => {
      if (store.release) await attempt('release', () => store.release!(key), signal);
    },
    warm: async () => {
      await store.connect?.().catch(() => {});
    },
  };
}
