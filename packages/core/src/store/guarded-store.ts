import type { CompressionStore } from './compression-store.ts';

/** How long one store operation may take before it counts as a miss. */
export const DEFAULT_STORE_TIMEOUT_MS = 250;

export interface GuardedStoreOptions {
  /** Milliseconds one operation may take. @default 250 */
  timeout?: number;
  /** Told about each failed or slow operation; the caller goes on as if it missed. */
  onError?: (error: unknown, operation: 'get' | 'set' | 'claim' | 'release') => void;
}

/** A store whose operations never throw and never take longer than the timeout. */
export interface GuardedStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** `true` when this caller may compute the key: it holds the claim, or claims are not supported or failed. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

/**
 * Wraps a store so that a store that is down or slow never breaks the model call: a
 * failed or slow `get` is a miss, a failed `set` is dropped, a failed `claim` lets this
 * caller compress. Each failure is reported once through `onError`.
 */
export function guardStore(
  store: CompressionStore,
  options: GuardedStoreOptions = {},
): GuardedStore {
  const timeout = options.timeout ?? DEFAULT_STORE_TIMEOUT_MS;
  const attempt = async <T>(
    operation: 'get' | 'set' | 'claim' | 'release',
    run: () => Promise<T>,
    fallback: T,
  ): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`compression store ${operation} took longer than ${timeout} ms`)),
        timeout,
      );
      timer.unref?.();
    });
    try {
      return await Promise.race([run(), slow]);
    } catch (error) {
      options.onError?.(error, operation);
      return fallback;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    get: (key) => attempt('get', () => store.get(key), undefined),
    set: (key, value, ttlSeconds) =>
      attempt('set', () => store.set(key, value, ttlSeconds), undefined),
    claim: (key, ttlSeconds) =>
      store.claim
        ? attempt('claim', () => store.claim!(key, ttlSeconds), true)
        : Promise.resolve(true),
    release: (key) =>
      store.release ? attempt('release', () => store.release!(key), undefined) : Promise.resolve(),
  };
}
