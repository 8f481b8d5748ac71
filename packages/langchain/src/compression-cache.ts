import type { CompressParams, CompressResponse } from '@ctxopt/core';

/**
 * Remembers the latest compressions by their exact request body. In an agent's tool loop
 * the span and the query stay the same from step to step, so each step after the first
 * reuses the answer: no second call, no second charge, and the compressed prefix stays
 * byte-identical, which keeps the provider's prompt cache warm.
 */
export class CompressionCache {
  readonly #entries = new Map<string, CompressResponse>();
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
    this.#entries.delete(key);
    this.#entries.set(key, response);
    if (this.#entries.size > this.#size) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }
}
