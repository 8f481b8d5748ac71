import type { IncomingMessage } from 'node:http';
import {
  type CompressParams,
  type GenerateParams,
  RequestValidationError,
  validateCompressParams,
  validateGenerateParams,
  validateIdempotencyKey,
} from '@ctxopt/core';
import type { ProviderRegistry } from '../providers/provider-registry.ts';
import type { Authentication } from './api-keys.ts';
import type { EmbedConfig } from './embed-settings.ts';
import type { EngineRunner } from './engine-runner.ts';
import { codeForRule } from './error-codes.ts';
import type { IdempotencyStore } from './idempotency-store.ts';
import type { QuotaLedger } from './quota-ledger.ts';
import { readBody } from './read-body.ts';
import { errorReply, type Reply } from './reply.ts';
import { isJsonContentType, type Operation, route } from './routes.ts';

/** What one running emulator shares between its requests. */
export interface EmulatorState {
  authenticate(header: string | undefined): Authentication;
  ledger: QuotaLedger;
  idempotency: IdempotencyStore<Reply>;
  providers: ProviderRegistry;
  /** The engine, in a worker for large contexts. */
  engine: EngineRunner;
  maxBodyBytes: number;
  requestTimeoutMs: number;
  /** Aborted when the emulator closes: provider calls stop, delays end. */
  closing: AbortSignal;
  /** The embedder of conversations with a query (`embed` option), when one was given. */
  embed?: EmbedConfig;
  onError?: (error: unknown) => void;
}

export interface Outcome {
  reply: Reply;
  replayed: boolean;
  /** Close the connection after answering: the rest of the body was never read. */
  close: boolean;
}

/** A request that passed every check: ready for the idempotent run. */
export interface CheckedRequest {
  operation: Operation;
  apiKey: string;
  idempotencyKey: string;
  params: CompressParams | GenerateParams;
  /** The exact body bytes, for the idempotency fingerprint. */
  body: Buffer;
}

export const answer = (reply: Reply, close = false): Outcome => ({ reply, replayed: false, close });

/** The headers the contract needs exactly once, as the error names them. */
const singleHeaders = ['Authorization', 'Idempotency-Key', 'Content-Type'] as const;

/**
 * The first contract header sent more than once. Node keeps the first Authorization or
 * Content-Type and joins repeated Idempotency-Keys with a comma, so two copies would
 * otherwise pass as one: a key that was not the one meant, or one operation under a key
 * that no retry sends again.
 */
function repeatedHeader(request: IncomingMessage): string | undefined {
  return singleHeaders.find(
    (name) => (request.headersDistinct[name.toLowerCase()]?.length ?? 0) > 1,
  );
}

/**
 * Every check of the contract, cheapest first: route, key, headers, size, JSON, rules.
 * The first that fails gives the answer.
 */
export async function checkRequest(
  request: IncomingMessage,
  requestId: string,
  state: EmulatorState,
): Promise<{ ok: true; checked: CheckedRequest } | { ok: false; outcome: Outcome }> {
  const refuse = (reply: Reply, close = false) => ({
    ok: false as const,
    outcome: answer(reply, close),
  });
  const fail = (status: number, code: string, message: string, field?: string) =>
    refuse(errorReply(status, requestId, code, message, field === undefined ? {} : { field }));

  const target = route(request.method, request.url);
  if (!target.ok) {
    const headers: Record<string, string> = target.status === 405 ? { allow: 'POST' } : {};
    return refuse(errorReply(target.status, requestId, target.code, target.message, { headers }));
  }
  const repeated = repeatedHeader(request);
  if (repeated !== undefined) {
    const message = `${repeated} must be sent once; the request carries it more than once.`;
    return fail(400, 'duplicate_header', message, repeated);
  }
  const auth = state.authenticate(request.headers.authorization);
  if (!auth.ok) {
    const headers = { 'www-authenticate': 'Bearer' };
    return refuse(errorReply(401, requestId, auth.code, auth.message, { headers }));
  }
  if (!isJsonContentType(request.headers['content-type'])) {
    const message = 'Content-Type must be application/json.';
    return fail(415, 'unsupported_media_type', message, 'Content-Type');
  }
  const idempotencyKey = request.headersDistinct['idempotency-key']?.[0];
  if (idempotencyKey === undefined) {
    const message =
      'Idempotency-Key header is required: a unique string of 8 to 120 characters per operation.';
    return fail(400, 'missing_idempotency_key', message, 'Idempotency-Key');
  }
  try {
    validateIdempotencyKey(idempotencyKey);
  } catch {
    const message = 'Idempotency-Key must be 8 to 120 characters.';
    return fail(400, 'invalid_idempotency_key', message, 'Idempotency-Key');
  }

  const tooLarge = () => {
    const message = `The body must not exceed ${state.maxBodyBytes} bytes.`;
    return refuse(errorReply(413, requestId, 'payload_too_large', message), true);
  };
  if (Number(request.headers['content-length'] ?? 0) > state.maxBodyBytes) return tooLarge();
  const read = await readBody(request, {
    maxBytes: state.maxBodyBytes,
    timeoutMs: state.requestTimeoutMs,
  });
  if (!read.ok) {
    if (read.reason === 'too_large') return tooLarge();
    const [code, status, message] =
      read.reason === 'aborted'
        ? (['invalid_request', 400, 'The body ended before it was complete.'] as const)
        : ([
            'request_timeout',
            408,
            `The body did not arrive within ${state.requestTimeoutMs} ms.`,
          ] as const);
    return refuse(errorReply(status, requestId, code, message), true);
  }

  let json: unknown;
  try {
    json = JSON.parse(read.body.toString('utf8'));
  } catch {
    return fail(400, 'invalid_json', 'The body must be a JSON object.', 'body');
  }
  let params: CompressParams | GenerateParams;
  try {
    params =
      target.operation === 'compress' ? validateCompressParams(json) : validateGenerateParams(json);
  } catch (error) {
    if (!RequestValidationError.isInstance(error)) throw error;
    return fail(400, codeForRule(error.issues[0]?.rule ?? ''), error.message, error.field);
  }
  return {
    ok: true,
    checked: {
      operation: target.operation,
      apiKey: auth.apiKey,
      idempotencyKey,
      params,
      body: read.body,
    },
  };
}
