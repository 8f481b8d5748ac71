import type {
  CompressParams,
  CompressResponse,
  GenerateParams,
  GenerateResponse,
} from './schemas.ts';

/** Per-call settings that override the client's for one operation. */
export interface RequestOptions {
  /** The operation's Idempotency-Key (8 to 120 characters). Generated when absent. */
  idempotencyKey?: string;
  /** Aborts the operation at once, retries included, with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Milliseconds allowed for each attempt. */
  timeout?: number;
  /** How many times a retryable failure is tried again. */
  maxRetries?: number;
}

/**
 * What every adapter takes: the HTTP `ContextOptimizerClient` and the in-process
 * `LocalContextOptimizer` both implement it.
 */
export interface ContextOptimizer {
  compress(params: CompressParams, options?: RequestOptions): Promise<CompressResponse>;
  generate(params: GenerateParams, options?: RequestOptions): Promise<GenerateResponse>;
}
