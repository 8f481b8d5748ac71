import {
  APIError,
  APIUserAbortError,
  type CompressParams,
  type CompressResponse,
  DEFAULT_MAX_OUTPUT_TOKENS,
  type GenerateParams,
  type GenerateResponse,
  type RequestUsage,
} from '@ctxopt/core';
import {
  compressContext,
  type EngineOptions,
  type EngineResult,
} from '../engine/compress-context.ts';
import type { ProviderAnswer } from '../providers/provider-adapter.ts';
import { ProviderError } from '../providers/provider-error.ts';
import type { ProviderRegistry } from '../providers/provider-registry.ts';
import type { EmbedConfig } from './embed-settings.ts';
import { similarityOrWords } from './message-similarity.ts';
import type { QuotaLedger, Reservation } from './quota-ledger.ts';

/**
 * The two operations of the contract, shared by the emulator and `LocalContextOptimizer`:
 * engine, quota and provider, with every failure thrown as core's error classes.
 */
export interface OperationContext {
  requestId: string;
  /** The ledger account: the caller's API key. */
  apiKey: string;
  ledger: QuotaLedger;
  providers: ProviderRegistry;
  /** Aborts a provider call in flight. */
  signal?: AbortSignal;
  /** Runs the engine (the emulator's runs large contexts in a worker); in process by default. */
  compress?: (
    params: CompressParams,
    options?: EngineOptions,
  ) => Promise<EngineResult> | EngineResult;
  /**
   * Answer with the engine's explanation as `compression.explanation`, a field beside
   * the contract's (its readers pass extra fields through). `LocalContextOptimizer`
   * only: the emulator's answers stay as the service's.
   */
  explain?: boolean;
  /**
   * Scores the messages of a conversation by meaning too; a failing embedder leaves the
   * call to words alone (message-similarity.ts).
   */
  embed?: EmbedConfig;
}

async function compressWith(params: CompressParams, context: OperationContext) {
  const similarity = context.embed
    ? await similarityOrWords(params, context.embed, context.signal)
    : undefined;
  const options: EngineOptions | undefined =
    context.explain || similarity
      ? {
          ...(context.explain ? { explain: true } : {}),
          ...(similarity ? { messageSimilarity: similarity } : {}),
        }
      : undefined;
  return context.compress ? context.compress(params, options) : compressContext(params, options);
}

/** `compression` of an answer: the status, and the explanation when one was asked for. */
function compressionOf(result: EngineResult) {
  return result.explanation
    ? { status: result.status, explanation: result.explanation }
    : { status: result.status };
}

function failure(
  status: number,
  code: string,
  message: string,
  requestId: string,
  headers: Record<string, string> = {},
): APIError {
  return APIError.generate(status, message, { code, requestId, headers });
}

/**
 * An upper bound of the tokens the engine will count for `params`: the UTF-8 bytes of the
 * text it reads (each message rendered as `role: content` plus a line break). Every token
 * of the tokenizer covers at least one byte, so the bound holds for any text.
 */
function inputTokensBound(params: CompressParams): number {
  if (typeof params.context === 'string') return Buffer.byteLength(params.context);
  let bytes = 0;
  for (const message of params.context) {
    bytes += Buffer.byteLength(message.role) + Buffer.byteLength(message.content) + 3;
  }
  return bytes;
}

/**
 * Reserves the operation's tokens before any work, or throws the contract's 429: the
 * check and the reservation are one step (`QuotaLedger.reserve`), so concurrent requests
 * are accepted as they would be one after another and cannot run the quota over together.
 */
async function reserveQuota(
  params: CompressParams,
  context: OperationContext,
): Promise<Reservation> {
  const reservation = await context.ledger.reserve(context.apiKey, inputTokensBound(params));
  if (reservation) return reservation;
  const usage = context.ledger.usage(context.apiKey);
  throw failure(
    429,
    'quota_exceeded',
    `Monthly token quota exhausted: ${usage.usedTokens} of ${usage.limitTokens} tokens used; it resets at ${usage.resetsAt}.`,
    context.requestId,
    // When the quota comes back. Far past any client's retry cap, so it fails at once.
    { 'retry-after': String(context.ledger.secondsUntilReset()) },
  );
}

function requestUsage(result: EngineResult): RequestUsage {
  return {
    inputTokens: result.inputTokens,
    compressedTokens: result.compressedTokens,
    savedTokens: result.savedTokens,
    reductionPct: result.reductionPct,
  };
}

/** `POST /v1/compress` (spec 2.3). Charges the context's input tokens once. */
export async function runCompress(
  params: CompressParams,
  context: OperationContext,
): Promise<CompressResponse> {
  const reservation = await reserveQuota(params, context);
  let result: EngineResult;
  try {
    result = await compressWith(params, context);
  } catch (error) {
    reservation.release();
    throw error;
  }
  reservation.settle(result.inputTokens);
  return {
    success: true,
    requestId: context.requestId,
    data: { compressed: result.compressed },
    compression: compressionOf(result),
    usage: { request: requestUsage(result), monthly: context.ledger.usage(context.apiKey) },
  };
}

/** `POST /v1/generate` (spec 2.4): compress, then one provider call; a failed call is not charged. */
export async function runGenerate(
  params: GenerateParams,
  context: OperationContext,
): Promise<GenerateResponse> {
  const resolution = context.providers.resolve(params.provider);
  if (!resolution.ok) throw failure(400, resolution.code, resolution.message, context.requestId);
  const reservation = await reserveQuota(params, context);
  const { provider, model, maxOutputTokens } = params;
  let result: EngineResult;
  try {
    // The engine reads only the compress fields of the request.
    result = await compressWith(params, context);
  } catch (error) {
    reservation.release();
    throw error;
  }
  const charge = reservation.settle(result.inputTokens);
  let answer: ProviderAnswer;
  try {
    answer = await resolution.adapter.generate({
      model,
      context: result.compressed,
      query: params.query,
      maxOutputTokens: maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      signal: context.signal,
    });
  } catch (error) {
    charge.refund();
    throw providerFailure(error, context);
  }
  return {
    success: true,
    requestId: context.requestId,
    data: { answer: answer.answer },
    compression: compressionOf(result),
    usage: {
      request: requestUsage(result),
      provider: {
        provider,
        model,
        inputTokens: answer.inputTokens,
        outputTokens: answer.outputTokens,
        totalTokens: answer.totalTokens,
      },
      monthly: context.ledger.usage(context.apiKey),
    },
  };
}

function providerFailure(error: unknown, context: OperationContext): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.failure === 'aborted') return new APIUserAbortError(undefined, { cause: error });
  if (error.failure === 'timeout') {
    return failure(504, 'provider_timeout', error.message, context.requestId);
  }
  return failure(
    502,
    'provider_error',
    `The provider call failed: ${error.message}`,
    context.requestId,
  );
}
