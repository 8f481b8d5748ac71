/**
 * Where compressions are kept between calls: one small interface, so an app can keep
 * them in process (the default) or share them between instances (Redis). Values are
 * strings; keys name the tenant and an HMAC of what was compressed and how (see
 * `compressionKey`), and values are authenticated records that are checked when read.
 *
 * @example
 * ```ts
 * const store: CompressionStore = new MemoryCompressionStore({ maxEntries: 5_000 });
 * await store.set('ctxopt:v1:abc', '{"compressed":"..."}', 86_400);
 * ```
 */
export interface CompressionStore {
  /** The value stored under `key`, or `undefined` when there is none or it expired. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` under `key` for `ttlSeconds` seconds. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /**
   * Marks `key` as being computed for `ttlSeconds`, atomically: `true` for the one caller
   * that got the mark, `false` while another holds it. Optional: a store without it lets
   * instances that miss at the same moment each compress the same block.
   */
  claim?(key: string, ttlSeconds: number): Promise<boolean>;
  /** Drops the mark `claim` set, when the computation failed, so the next caller need not wait for it. */
  release?(key: string): Promise<void>;
  /**
   * Connects ahead of the first operation, where the store connects at all. Optional:
   * integrations call it when they start, so the first operation of a fresh process is
   * not spent loading a client and opening a socket.
   */
  connect?(): Promise<void>;
}

/** How long a compression is kept unless the caller says otherwise: one day. */
export const DEFAULT_STORE_TTL_SECONDS = 86_400;
