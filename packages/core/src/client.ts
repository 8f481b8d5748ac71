import type { Dispatcher } from 'undici';
import type { ContextOptimizer, RequestOptions } from './context-optimizer.ts';
import { APIUserAbortError, ContextOptimizerError, RequestValidationError } from './errors.ts';
import { assertServerRuntime } from './internal/browser-guard.ts';
import { certainlyCompressResponse, certainlyGenerateResponse } from './internal/fast-checks.ts';
import { generateIdempotencyKey } from './internal/idempotency-key.ts';
import { readError, readSuccess, responseTooLarge } from './internal/read-response.ts';
import { backoffDelay, decideStatusRetry } from './internal/retry-policy.ts';
import { type AttemptResponse, sendAttempt } from './internal/send-attempt.ts';
import { sleep as defaultSleep } from './internal/sleep.ts';
import { type Logger, type LogLevel, levelFilteredLogger, parseLogLevel } from './logger.ts';
import { secretList } from './redact-secrets.ts';
import {
  type CompressParams,
  type CompressResponse,
  compressResponseSchema,
  type GenerateParams,
  type GenerateResponse,
  generateResponseSchema,
} from './schemas.ts';
import { STORE_CREDENTIAL, storeCredentialOf } from './store/store-scope.ts';
import {
  validateCompressParams,
  validateGenerateParams,
  validateIdempotencyKey,
} from './validation.ts';
import { VERSION } from './version.ts';

export interface ContextOptimizerClientOptions {
  /** The API key, sent as a Bearer token. @default process.env.CTXOPT_API_KEY */
  apiKey?: string;
  /** The service's base address; the client appends `/v1/compress` or `/v1/generate`. @default process.env.CTXOPT_BASE_URL */
  baseURL?: string;
  /** Milliseconds allowed for each attempt. @default 60000 */
  timeout?: number;
  /** How many times a retryable failure is tried again. @default 2 */
  maxRetries?: number;
  /**
   * Bytes of response body read at most per attempt. Past it the client stops reading,
   * closes the connection and fails with `ResponseValidationError` (not retried), so a
   * server that answers without end cannot exhaust the process's memory.
   * @default 16777216 (16 MiB)
   */
  maxResponseBytes?: number;
  /** An undici Dispatcher (Agent, Pool, ProxyAgent, MockAgent). @default undici's global keep-alive Agent */
  dispatcher?: Dispatcher;
  /** Headers added to every request. They cannot replace Authorization, Idempotency-Key or Content-Type. */
  defaultHeaders?: Record<string, string>;
  /** Receives one line per attempt. @default console, when a log level is set */
  logger?: Logger;
  /** Which lines reach the logger. @default process.env.CTXOPT_LOG, else 'off' */
  logLevel?: LogLevel;
  /** Let the client run where `window` and `document` exist. The key would be visible to users. @default false */
  dangerouslyAllowBrowser?: boolean;
  /** How the client waits between retries; tests pass a function that does not really wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const compressContract = {
  schema: compressResponseSchema,
  certainlyFits: certainlyCompressResponse,
};
const generateContract = {
  schema: generateResponseSchema,
  certainlyFits: certainlyGenerateResponse,
};

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRIES = 2;
/** Far above any answer of the contract (a compressed context, a capped model answer). */
const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * The HTTP client of the Context Optimization API.
 *
 * @example
 * ```ts
 * import { ContextOptimizerClient } from '@ctxopt/core';
 *
 * const client = new ContextOptimizerClient(); // CTXOPT_API_KEY, CTXOPT_BASE_URL
 * const result = await client.compress({ context: longText, query: 'What changed in v2?' });
 * console.log(result.data.compressed, result.usage.request.savedTokens, result.requestId);
 * ```
 */
export class ContextOptimizerClient implements ContextOptimizer {
  readonly baseURL: string;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly maxResponseBytes: number;
  readonly #dispatcher: Dispatcher | undefined;
  /**
   * Every header but the Idempotency-Key, built once: they do not change between calls.
   * Private, which keeps the key out of `JSON.stringify(client)`, `util.inspect` and errors.
   */
  readonly #headers: Record<string, string>;
  /** The key, and the header that carries it: redacted from whatever the server sends back. */
  readonly #secrets: readonly string[];
  readonly #logger: Logger | undefined;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #storeCredential: Buffer;

  constructor(options: ContextOptimizerClientOptions = {}) {
    assertServerRuntime(options.dangerouslyAllowBrowser);
    const apiKey = options.apiKey ?? readEnv('CTXOPT_API_KEY');
    if (!apiKey) {
      throw new ContextOptimizerError(
        'Missing API key: pass the apiKey option or set the CTXOPT_API_KEY environment variable.',
      );
    }
    const baseURL = options.baseURL ?? readEnv('CTXOPT_BASE_URL');
    if (!baseURL) {
      throw new ContextOptimizerError(
        'Missing base URL: pass the baseURL option or set the CTXOPT_BASE_URL environment variable.',
      );
    }
    if (!/^https?:\/\//i.test(baseURL)) {
      throw new ContextOptimizerError(
        `Invalid base URL "${baseURL}": it must start with https:// (or http:// for a local server).`,
      );
    }
    // Tolerate a base URL given with its version, since the client appends `/v1/...` itself.
    this.baseURL = baseURL.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.timeout = checkCount('timeout', options.timeout ?? DEFAULT_TIMEOUT_MS, 1);
    this.maxRetries = checkCount('maxRetries', options.maxRetries ?? DEFAULT_MAX_RETRIES, 0);
    this.maxResponseBytes = checkCount(
      'maxResponseBytes',
      options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      1,
    );
    this.#secrets = secretList([`Bearer ${apiKey}`, apiKey]);
    this.#storeCredential = storeCredentialOf(apiKey);
    this.#dispatcher = options.dispatcher;
    this.#headers = {
      // Lower-cased, so that `Authorization` cannot ride along next to ours.
      ...Object.fromEntries(
        Object.entries(options.defaultHeaders ?? {}).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      ),
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': `@ctxopt/core/${VERSION} node/${process.versions.node}`,
      authorization: `Bearer ${apiKey}`,
    };
    const level = options.logLevel ?? parseLogLevel(readEnv('CTXOPT_LOG')) ?? 'off';
    this.#logger = levelFilteredLogger(options.logger ?? console, level);
    this.#sleep = options.sleep ?? defaultSleep;
  }

  /**
   * The one-way derivation of the API key that scopes and authenticates what integrations
   * store for this key (`StoreScope`): never the key itself.
   */
  [STORE_CREDENTIAL](): Buffer {
    return this.#storeCredential;
  }

  /** `POST /v1/compress`: returns the optimized context and its usage (spec 2.3). */
  compress(params: CompressParams, options: RequestOptions = {}): Promise<CompressResponse> {
    return this.#post('/v1/compress', validateCompressParams, params, compressContract, options);
  }

  /** `POST /v1/generate`: compresses, then answers through the chosen provider (spec 2.4). */
  generate(params: GenerateParams, options: RequestOptions = {}): Promise<GenerateResponse> {
    return this.#post('/v1/generate', validateGenerateParams, params, generateContract, options);
  }

  /** One operation: validated, then sent until it succeeds or may not be tried again. */
  async #post<T extends { requestId: string }>(
    path: string,
    validate: (params: unknown) => object,
    params: unknown,
    contract: Parameters<typeof readSuccess<T>>[1],
    options: RequestOptions,
  ): Promise<T> {
    // Everything that can be wrong with the call is checked before the first byte is sent;
    // being inside this async function, a broken rule rejects rather than throws.
    // One operation, one key, one body: retries resend these exact bytes (spec 5.2, 7.3).
    const body = JSON.stringify(validate(params));
    const idempotencyKey =
      options.idempotencyKey === undefined
        ? generateIdempotencyKey()
        : validateIdempotencyKey(options.idempotencyKey);
    const timeout = checkRequestOption('timeout', options.timeout ?? this.timeout, 1);
    const maxRetries = checkRequestOption('maxRetries', options.maxRetries ?? this.maxRetries, 0);
    const description = `POST ${path}`;
    const reading = { description, secrets: this.#secrets };
    const attempt = {
      url: `${this.baseURL}${path}`,
      headers: { ...this.#headers, 'idempotency-key': idempotencyKey },
      body,
      timeout,
      dispatcher: this.#dispatcher,
      signal: options.signal,
      maxResponseBytes: this.maxResponseBytes,
    };

    for (let retryNumber = 0; ; retryNumber++) {
      const started = performance.now();
      let response: AttemptResponse;
      try {
        response = await sendAttempt(attempt, description);
      } catch (error) {
        this.#log('warn', description, { attempt: retryNumber + 1, started, error });
        if (APIUserAbortError.isInstance(error) || retryNumber >= maxRetries) throw error;
        await this.#wait(backoffDelay(retryNumber), options.signal);
        continue;
      }
      const entry = { attempt: retryNumber + 1, started, status: response.status };
      if (response.exceeded) {
        // Another attempt would most likely meet the same endless or oversized body.
        const error = responseTooLarge(response, this.maxResponseBytes, reading);
        this.#log('warn', description, { ...entry, error });
        throw error;
      }
      if (response.status >= 200 && response.status < 300) {
        let result: T;
        try {
          result = readSuccess(response, contract, reading);
        } catch (error) {
          this.#log('warn', description, { ...entry, error });
          throw error;
        }
        this.#log('info', description, { ...entry, requestId: result.requestId });
        return result;
      }
      const error = readError(response, reading);
      this.#log('warn', description, { ...entry, requestId: error.requestId });
      const decision = decideStatusRetry(response.status, response.headers, retryNumber);
      if (!decision.retry || retryNumber >= maxRetries) throw error;
      await this.#wait(decision.delayMs, options.signal);
    }
  }

  async #wait(ms: number, signal: AbortSignal | undefined) {
    try {
      await this.#sleep(ms, signal);
    } catch (cause) {
      throw new APIUserAbortError(undefined, { cause });
    }
  }

  /** One line per attempt: status, attempt, duration and requestId; never a header. */
  #log(
    level: 'info' | 'warn',
    description: string,
    entry: {
      attempt: number;
      started: number;
      status?: number;
      requestId?: string;
      error?: unknown;
    },
  ) {
    if (!this.#logger) return;
    const fields: Record<string, unknown> = {
      attempt: entry.attempt,
      durationMs: Math.round(performance.now() - entry.started),
    };
    if (entry.status !== undefined) fields.status = entry.status;
    const requestId =
      entry.requestId ?? (entry.error as { requestId?: string } | undefined)?.requestId;
    if (requestId !== undefined) fields.requestId = requestId;
    if (entry.error) fields.error = (entry.error as Error).message;
    this.#logger[level](`ctxopt ${description}`, fields);
  }

  toJSON() {
    return {
      baseURL: this.baseURL,
      timeout: this.timeout,
      maxRetries: this.maxRetries,
      maxResponseBytes: this.maxResponseBytes,
    };
  }
}

function readEnv(name: string): string | undefined {
  const value = globalThis.process?.env?.[name]?.trim();
  return value ? value : undefined;
}

function checkCount(field: string, value: number, minimum: number): number {
  if (!Number.isInteger(value) || value < minimum) {
    throw new ContextOptimizerError(
      `${field} must be an integer of at least ${minimum} (got ${value}).`,
    );
  }
  return value;
}

function checkRequestOption(field: string, value: number, minimum: number): number {
  if (Number.isInteger(value) && value >= minimum) return value;
  throw new RequestValidationError('request options', [
    { field, message: `must be an integer of at least ${minimum}`, rule: 'out_of_range' },
  ]);
}
