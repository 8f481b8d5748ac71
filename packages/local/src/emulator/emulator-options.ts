import type { ProviderSettings } from '../providers/provider-registry.ts';
import type { EmbedSettings } from './embed-settings.ts';
import type { RequestRecord } from './request-record.ts';

/**
 * Options of `startEmulator`. Every one has a default; `startEmulator()` just works.
 * `embed` (with `embedTimeoutMs`, `onEmbedError`) scores a conversation's messages by
 * meaning for /v1/compress and /v1/generate as it does for `LocalContextOptimizer`.
 */
export interface EmulatorOptions extends ProviderSettings, EmbedSettings {
  /** Port to listen on; 0 picks a free port. @default 0 */
  port?: number;
  /** Interface to listen on. Keep it on loopback unless you mean to share the emulator. @default '127.0.0.1' */
  host?: string;
  /** The API keys accepted as `Authorization: Bearer <key>`. @default one generated development key */
  apiKeys?: string[];
  /** Monthly token quota of each API key (`usage.monthly.limitTokens`). @default 1000000 */
  limitTokens?: number;
  /** Largest request body accepted, in bytes; a larger one gets 413 at once. @default 5242880 (5 MiB) */
  maxBodyBytes?: number;
  /** Milliseconds allowed for the request line and headers (`server.headersTimeout`). @default 10000 */
  headersTimeoutMs?: number;
  /** Milliseconds allowed for the body after the headers; then 408 `request_timeout`. @default 30000 */
  requestTimeoutMs?: number;
  /** How long a stored response is replayed for its Idempotency-Key. @default 86400000 (24 hours) */
  idempotencyTtlMs?: number;
  /** Stored responses kept at most; the oldest is evicted first. @default 10000 */
  idempotencyMaxEntries?: number;
  /**
   * Bytes of stored responses kept at most (bodies and headers); the oldest is evicted
   * first, and a larger answer is not stored (a retry runs it again). @default 67108864 (64 MiB)
   */
  idempotencyMaxBytes?: number;
  /** Requests kept in `emulator.requests` (the newest). @default 1000 */
  maxRecordedRequests?: number;
  /**
   * Serve the inspector at `/`: the operations served, each one's original and
   * compressed text, the quota and the savings. It answers loopback requests only and
   * never shows a key. @default true
   */
  inspector?: boolean;
  /** Operations the inspector keeps (the newest), in a ring of this size. @default 100 */
  inspectorMaxOperations?: number;
  /** Characters the inspector keeps of each text of an operation (context, compressed text, answer, query). @default 65536 */
  inspectorMaxTextChars?: number;
  /** The clock of the quota month and the idempotency expiry. @default () => new Date() */
  now?: () => Date;
  /** Called once per request after it was answered; the record holds no key. */
  onRequest?: (record: RequestRecord) => void;
  /** Called with unexpected failures (each also answered 500 `internal_error`). */
  onError?: (error: unknown) => void;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RECORDED_REQUESTS = 1000;
