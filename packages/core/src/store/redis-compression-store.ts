import type { CompressionStore } from './compression-store.ts';

/**
 * The part of a `redis` (node-redis 5 or later) client this store uses; pass a client
 * from `createClient()` as it is, connected or about to be.
 */
export interface RedisClientLike {
  get(key: string): Promise<unknown>;
  del(key: string): Promise<unknown>;
  set(
    key: string,
    value: string,
    options: { expiration: { type: 'EX'; value: number }; condition?: 'NX' },
  ): Promise<unknown>;
}

interface OwnedClient extends RedisClientLike {
  connect(): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  destroy(): void;
}

export interface RedisCompressionStoreOptions {
  /** A `redis` client (`createClient()`); the app connects and closes it. */
  client?: RedisClientLike;
  /**
   * A Redis URL (`redis://127.0.0.1:6379`): the store creates, connects and, on `close()`,
   * closes its own client (the `redis` package must be installed). Commands fail at once
   * while the server is unreachable, so a down Redis costs a miss, not a wait.
   */
  url?: string;
  /** Put before every key, so several apps can share one Redis. @default 'ctxopt:' */
  keyPrefix?: string;
}

/**
 * A `CompressionStore` in Redis, for apps on several instances or serverless functions:
 * a block compressed by one instance is reused by the others, and `claim` (`SET NX`)
 * lets only one of them compress a block that several need at the same moment.
 *
 * @example
 * ```ts
 * import { RedisCompressionStore } from '@ctxopt/core/redis';
 * const store = new RedisCompressionStore({ url: process.env.REDIS_URL });
 * ```
 */
export class RedisCompressionStore implements CompressionStore {
  readonly #keyPrefix: string;
  readonly #url: string | undefined;
  #client: Promise<RedisClientLike> | undefined;
  #owned: OwnedClient | undefined;

  constructor(options: RedisCompressionStoreOptions) {
    if ((options.client === undefined) === (options.url === undefined)) {
      throw new TypeError('RedisCompressionStore: pass exactly one of client or url.');
    }
    this.#keyPrefix = options.keyPrefix ?? 'ctxopt:';
    this.#url = options.url;
    if (options.client) this.#client = Promise.resolve(options.client);
  }

  async get(key: string): Promise<string | undefined> {
    const value = await (await this.#connected()).get(this.#keyPrefix + key);
    return typeof value === 'string' ? value : undefined;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await (await this.#connected()).set(this.#keyPrefix + key, value, {
      expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) },
    });
  }

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    const reply = await (await this.#connected()).set(`${this.#keyPrefix}claim:${key}`, '1', {
      expiration: { type: 'EX', value: Math.max(1, Math.ceil(ttlSeconds)) },
      condition: 'NX',
    });
    return reply === 'OK';
  }

  async release(key: string): Promise<void> {
    await (await this.#connected()).del(`${this.#keyPrefix}claim:${key}`);
  }

  /** Connects now (for a store built from `url`), so the first operation does not wait for it. */
  async connect(): Promise<void> {
    await this.#connected();
  }

  /** Closes the client this store created from `url`; a client passed in is the app's to close. */
  async close(): Promise<void> {
    const owned = this.#owned;
    this.#owned = undefined;
    this.#client = undefined;
    owned?.destroy();
  }

  #connected(): Promise<RedisClientLike> {
    this.#client ??= this.#connect().catch((error: unknown) => {
      // The next operation tries again rather than failing for good.
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }

  async #connect(): Promise<RedisClientLike> {
    const { createClient } = (await import('redis')) as unknown as {
      createClient(options: object): OwnedClient;
    };
    const client = createClient({
      url: this.#url,
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 1_000,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000),
      },
    });
    // Without a listener an unreachable server would crash the process; operations
    // already fail on their own and the caller falls back to compressing.
    client.on('error', () => {});
    this.#owned = client;
    await client.connect();
    return client;
  }
}
