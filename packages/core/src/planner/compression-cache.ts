import { setNewest } from '../newest-entries.ts';
import type { CompressParams, CompressResponse } from '../schemas.ts';

/**
 * Remembers recent compressions by their exact request body. In an agent's tool loop the
 * same span and query come back at every step: each step after the first reuses the
 * answer, with no second call and no second charge, and the compressed text stays
 * byte-identical, which keeps the provider's prompt cache warm. Calls in flight are shared
 * too, so two concurrent steps over the same span make one call.
 */
export class CompressionCache {
  readonly #entries = new Map<string, CompressResponse>();
  readonly #pending = new Map<string, Promise<CompressResponse>>();
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
  }

  /** The key of a request body, or `undefined` when the cache is off (no work spent on it). */
  keyOf(params: CompressParams): string | undefined {
    return this.#size === 0 ? undefined : JSON.stringify(params);
  }

  get(key: string | undefined): CompressResponse | undefined {
    if (key === undefined) return undefined;
    const hit = this.#entries.get(key);
    if (hit) {
      // Move to the newest end: eviction drops the least recently used entry.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string | undefined, response: CompressResponse): void {
    if (key === undefined) return;
    setNewest(this.#entries, key, response, this.#size);
  }

  /**
   * The cached answer, the call already in flight for the same body, or a new call whose
   * success is stored. A failure is never stored: the next call tries again.
   */
  async getOrCompress(
    key: string | undefined,
    compress: () => Promise<CompressResponse>,
  ): Promise<{ response: CompressResponse; cached: boolean }> {
    const hit = this.get(key);
    if (hit) return { response: hit, cached: true };
    if (key === undefined) return { response: await compress(), cached: false };
    const pending = this.#pending.get(key);
    if (pending) return { response: await pending, cached: true };
    const call = compress();
    this.#pending.set(key, call);
    try {
      const response = await call;
      this.set(key, response);
      return { response, cached: false };
    } finally {
      this.#pending.delete(key);
    }
  }
}
