import { setNewest } from '../newest-entries.ts';
import type { CompressionStore } from './compression-store.ts';

export interface MemoryCompressionStoreOptions {
  /** Entries kept; past it the least recently used goes first. @default 1000 */
  maxEntries?: number;
  /** The clock, in milliseconds (tests move it). @default Date.now */
  now?: () => number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * The default store: a least-recently-used map in this process, with expiry. Enough for
 * one instance; apps on several instances or serverless functions share a
 * `RedisCompressionStore` (`@ctxopt/core/redis`) instead.
 */
export class MemoryCompressionStore implements CompressionStore {
  readonly #entries = new Map<string, Entry>();
  readonly #claims = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemoryCompressionStoreOptions = {}) {
    const maxEntries = options.maxEntries ?? 1000;
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(
        `MemoryCompressionStore: maxEntries must be an integer of at least 1 (got ${String(maxEntries)}).`,
      );
    }
    this.#maxEntries = maxEntries;
    this.#now = options.now ?? Date.now;
  }

  async get(key: string): Promise<string | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#now()) return undefined;
    // Re-inserted at the newest end: eviction drops the least recently used entry.
    this.#entries.set(key, entry);
    return entry.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    setNewest(
      this.#entries,
      key,
      { value, expiresAt: this.#now() + ttlSeconds * 1000 },
      this.#maxEntries,
    );
    this.#claims.delete(key);
  }

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    const now = this.#now();
    const held = this.#claims.get(key);
    if (held !== undefined && held > now) return false;
    this.#claims.set(key, now + ttlSeconds * 1000);
    if (this.#claims.size > this.#maxEntries) {
      this.#claims.delete(this.#claims.keys().next().value!);
    }
    return true;
  }

  async release(key: string): Promise<void> {
    this.#claims.delete(key);
  }

  /** Entries held now, expired ones included until they are read or evicted. */
  get size(): number {
    return this.#entries.size;
  }
}
