import {
  APIError,
  APIUserAbortError,
  type CompressParams,
  type CompressResponse,
  type ContextOptimizer,
  type GenerateParams,
  type GenerateResponse,
  type MonthlyUsage,
  type RequestOptions,
  validateCompressParams,
  validateGenerateParams,
  validateIdempotencyKey,
} from '@ctxopt/core';
import {
  checkEmbedSettings,
  type EmbedConfig,
  type EmbedSettings,
} from './emulator/embed-settings.ts';
import { sharedEngineRunner } from './emulator/engine-runner.ts';
import { IdempotencyStore } from './emulator/idempotency-store.ts';
import { type OperationContext, runCompress, runGenerate } from './emulator/operations.ts';
import { QuotaLedger } from './emulator/quota-ledger.ts';
import { createRequestId } from './emulator/reply.ts';
import type { EngineExplanation } from './engine/explain.ts';
import {
  createProviderRegistry,
  type ProviderRegistry,
  type ProviderSettings,
} from './providers/provider-registry.ts';

export interface LocalContextOptimizerOptions extends ProviderSettings, EmbedSettings {
  /**
   * A monthly token quota to enforce (429 `quota_exceeded` once used up), for an app that
   * wants to budget its own use. The engine runs on the caller's machine, so by default
   * nothing is enforced and `usage.monthly.limitTokens` reports `Number.MAX_SAFE_INTEGER`.
   * @default no quota
   */
  limitTokens?: number;
  /** How long a result is returned again for the same `idempotencyKey`, in ms. @default 86400000 (24 hours) */
  idempotencyTtlMs?: number;
  /** Results kept for their `idempotencyKey` at most. @default 10000 */
  idempotencyMaxEntries?: number;
  /** The clock of the quota month and the idempotency expiry. @default () => new Date() */
  now?: () => Date;
  /**
   * Add `compression.explanation` to every answer: each unit of the context (sentence,
   * list item, heading, code block) with its text and offsets, whether it was kept, its
   * score, the signals that score is made of (query match, bridge, salience...) and the
   * reason it was kept or dropped (see `EngineExplanation`). The field is an extension
   * beside the contract's answer; the output is the same with or without it. Nothing is
   * collected when false. @default false
   */
  explain?: boolean;
}

/** An answer of `LocalContextOptimizer`, with `compression.explanation` when `explain` is on. */
export type LocalCompressResponse = CompressResponse & {
  compression: { status: string; explanation?: EngineExplanation };
};
/** An answer of `LocalContextOptimizer.generate`, with `compression.explanation` when `explain` is on. */
export type LocalGenerateResponse = GenerateResponse & {
  compression: { status: string; explanation?: EngineExplanation };
};

/** The quota of an optimizer given no `limitTokens`: none that any caller reaches. */
const UNLIMITED_TOKENS = Number.MAX_SAFE_INTEGER;

/** The ledger account of the one in-process caller. */
const ACCOUNT = 'local';

/**
 * The Context Optimization API in process: the same engine, rules and provider adapters
 * as the emulator, without HTTP, and no monthly quota unless `limitTokens` asks for one. A drop-in `ContextOptimizer` for tests,
 * offline development and the examples.
 *
 * @example
 * ```ts
 * import { LocalContextOptimizer } from '@ctxopt/local';
 *
 * const optimizer = new LocalContextOptimizer();
 * const result = await optimizer.compress({ context: longText, query: 'What changed in v2?' });
 * console.log(result.data.compressed, result.usage.request.savedTokens);
 * ```
 */
export class LocalContextOptimizer implements ContextOptimizer {
  /** The monthly quota: `ledger.usedTokens('local')`, `ledger.usage('local')`. */
  readonly ledger: QuotaLedger;
  readonly #providers: ProviderRegistry;
  readonly #results: IdempotencyStore<CompressResponse | GenerateResponse>;
  readonly #explain: boolean;
  readonly #embed: EmbedConfig | undefined;

  constructor(options: LocalContextOptimizerOptions = {}) {
    const clock = options.now ?? (() => new Date());
    this.ledger = new QuotaLedger({
      limitTokens: options.limitTokens ?? UNLIMITED_TOKENS,
      now: clock,
    });
    this.#providers = createProviderRegistry(options);
    this.#explain = options.explain === true;
    this.#embed = checkEmbedSettings(options);
    this.#results = new IdempotencyStore({
      ttlMs: options.idempotencyTtlMs,
      maxEntries: options.idempotencyMaxEntries,
      now: () => clock().getTime(),
    });
    // A worker of the pool loads the tokenizer now, off this thread, for the first call.
    void sharedEngineRunner().warm();
  }

  /** This month's quota figures, as `usage.monthly` reports them. */
  usage(): MonthlyUsage {
    return this.ledger.usage(ACCOUNT);
  }

  /**
   * Compresses like `POST /v1/compress` and resolves to its body (spec 2.3). Broken
   * params reject with `RequestValidationError` (a rejection, never a synchronous throw).
   */
  async compress(
    params: CompressParams,
    options: RequestOptions = {},
  ): Promise<LocalCompressResponse> {
    const body = validateCompressParams(params);
    return this.#run('compress', body, options, (context) => runCompress(body, context));
  }

  /** Compresses, then answers through a provider adapter, like `POST /v1/generate` (spec 2.4). */
  async generate(
    params: GenerateParams,
    options: RequestOptions = {},
  ): Promise<LocalGenerateResponse> {
    const body = validateGenerateParams(params);
    return this.#run('generate', body, options, (context) => runGenerate(body, context));
  }

  async #run<T extends CompressResponse | GenerateResponse>(
    operation: string,
    body: object,
    options: RequestOptions,
    execute: (context: OperationContext) => T | Promise<T>,
  ): Promise<T> {
    const idempotencyKey =
      options.idempotencyKey === undefined
        ? undefined
        : validateIdempotencyKey(options.idempotencyKey);
    if (options.signal?.aborted) throw new APIUserAbortError();
    const context: OperationContext = {
      requestId: createRequestId(),
      apiKey: ACCOUNT,
      ledger: this.ledger,
      providers: this.#providers,
      // Large contexts compress in a worker thread: the caller's event loop stays free.
      compress: (params, engineOptions) => sharedEngineRunner().compress(params, engineOptions),
      explain: this.#explain,
      ...(this.#embed ? { embed: this.#embed } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    if (idempotencyKey === undefined) return execute(context);

    const fingerprint = `${operation}\n${JSON.stringify(body)}`;
    const outcome = await this.#results.once(ACCOUNT, idempotencyKey, fingerprint, () =>
      execute(context),
    );
    if (outcome.kind === 'conflict') {
      throw APIError.generate(
        409,
        `${operation} failed with 409 idempotency_key_reused: the idempotencyKey was already used with different params.`,
        { code: 'idempotency_key_reused', requestId: context.requestId, headers: {} },
      );
    }
    // A copy, so that a caller changing its result cannot change the stored one.
    return structuredClone(outcome.value) as T;
  }
}
