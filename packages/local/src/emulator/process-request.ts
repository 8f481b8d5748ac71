import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  APIError,
  APIUserAbortError,
  type CompressParams,
  type GenerateParams,
  RequestValidationError,
  validateCompressParams,
  validateGenerateParams,
  validateIdempotencyKey,
} from '@ctxopt/core';
import type { ProviderRegistry } from '../providers/provider-registry.ts';
import type { Authentication } from './api-keys.ts';
import { codeForRule } from './error-codes.ts';
import type { IdempotencyStore } from './idempotency-store.ts';
import { runCompress, runGenerate } from './operations.ts';
import type { QuotaLedger } from './quota-ledger.ts';
import { readBody } from './read-body.ts';
import { errorReply, jsonReply, type Reply } from './reply.ts';
import { isJsonContentType, type Operation, route } from './routes.ts';

/** What one running emulator shares between its requests. */
export interface EmulatorState {
  authenticate(header: string | undefined): Authentication;
  ledger: QuotaLedger;
  idempotency: IdempotencyStore<Reply>;
  providers: ProviderRegistry;
  maxBodyBytes: number;
  requestTimeoutMs: number;
  /** Aborted when the emulator closes: provider calls stop, delays end. */
  closing: AbortSignal;
  onError?: (error: unknown) => void;
}

export interface Outcome {
  reply: Reply;
  replayed: boolean;
  /** Close the connection after answering: the rest of the body was never read. */
  close: boolean;
}

const answer = (reply: Reply, close = false): Outcome => ({ reply, replayed: false, close });

/**
 * Every check of the contract, cheapest first, then the idempotent run. Validation
 * errors come before the idempotency store, so they are never stored; only 2xx
 * answers are stored and replayed.
 */
export async function processRequest(
  request: IncomingMessage,
  requestId: string,
  state: EmulatorState,
): Promise<Outcome> {
  const fail = (status: number, code: string, message: string, field?: string) =>
    errorReply(status, requestId, code, message, field === undefined ? {} : { field });
  const target = route(request.method, request.url);
  if (!target.ok) {
    const headers: Record<string, string> = target.status === 405 ? { allow: 'POST' } : {};
    return answer(errorReply(target.status, requestId, target.code, target.message, { headers }));
  }
  const auth = state.authenticate(request.headers.authorization);
  if (!auth.ok) {
    const headers = { 'www-authenticate': 'Bearer' };
    return answer(errorReply(401, requestId, auth.code, auth.message, { headers }));
  }
  if (!isJsonContentType(request.headers['content-type'])) {
    return answer(
      fail(415, 'unsupported_media_type', 'Content-Type must be application/json.', 'Content-Type'),
    );
  }
  const idempotencyKey = request.headers['idempotency-key'];
  if (idempotencyKey === undefined) {
    return answer(
      fail(
        400,
        'missing_idempotency_key',
        'Idempotency-Key header is required: a unique string of 8 to 120 characters per operation.',
        'Idempotency-Key',
      ),
    );
  }
  try {
    // Node joins repeated custom headers; a string[] here means something odd was sent.
    if (typeof idempotencyKey !== 'string') throw new TypeError('not one header');
    validateIdempotencyKey(idempotencyKey);
  } catch {
    return answer(
      fail(
        400,
        'invalid_idempotency_key',
        'Idempotency-Key must be 8 to 120 characters.',
        'Idempotency-Key',
      ),
    );
  }
  const tooLarge = () =>
    answer(
      fail(413, 'payload_too_large', `The body must not exceed ${state.maxBodyBytes} bytes.`),
      true,
    );
  if (Number(request.headers['content-length'] ?? 0) > state.maxBodyBytes) return tooLarge();

  const read = await readBody(request, {
    maxBytes: state.maxBodyBytes,
    timeoutMs: state.requestTimeoutMs,
  });
  if (!read.ok) {
    if (read.reason === 'too_large') return tooLarge();
    if (read.reason === 'aborted') {
      return answer(fail(400, 'invalid_request', 'The body ended before it was complete.'), true);
    }
    const message = `The body did not arrive within ${state.requestTimeoutMs} ms.`;
    return answer(fail(408, 'request_timeout', message), true);
  }
  let json: unknown;
  try {
    json = JSON.parse(read.body.toString('utf8'));
  } catch {
    return answer(fail(400, 'invalid_json', 'The body must be a JSON object.', 'body'));
  }
  let params: CompressParams | GenerateParams;
  try {
    params =
      target.operation === 'compress' ? validateCompressParams(json) : validateGenerateParams(json);
  } catch (error) {
    if (!RequestValidationError.isInstance(error)) throw error;
    return answer(fail(400, codeForRule(error.issues[0]?.rule ?? ''), error.message, error.field));
  }

  // Same method, path and body bytes: the same operation (spec 7.2, 7.3).
  const fingerprint = createHash('sha256')
    .update(`${target.operation}\n`)
    .update(read.body)
    .digest('hex');
  for (;;) {
    const claim = state.idempotency.claim(auth.apiKey, idempotencyKey, fingerprint);
    if (claim.kind === 'replay') return { reply: claim.value, replayed: true, close: false };
    if (claim.kind === 'conflict') {
      const message = claim.running
        ? 'Idempotency-Key is in use by a running request with a different body.'
        : 'Idempotency-Key was already used with a different body; send a new key for a new operation.';
      return answer(fail(409, 'idempotency_key_reused', message, 'Idempotency-Key'));
    }
    if (claim.kind === 'wait') {
      await claim.settled;
      continue;
    }
    let reply: Reply | undefined;
    try {
      reply = await execute(target.operation, params, { requestId, apiKey: auth.apiKey, state });
      return answer(reply);
    } finally {
      claim.finish(reply && reply.status < 300 ? reply : undefined);
    }
  }
}

async function execute(
  operation: Operation,
  params: CompressParams | GenerateParams,
  call: { requestId: string; apiKey: string; state: EmulatorState },
): Promise<Reply> {
  const { requestId, apiKey, state } = call;
  const context = {
    requestId,
    apiKey,
    ledger: state.ledger,
    providers: state.providers,
    signal: state.closing,
  };
  try {
    const body =
      operation === 'compress'
        ? runCompress(params as CompressParams, context)
        : await runGenerate(params as GenerateParams, context);
    return jsonReply(200, requestId, body);
  } catch (error) {
    if (APIError.isInstance(error) && error.status !== undefined) {
      return errorReply(error.status, requestId, error.code ?? 'internal_error', error.message);
    }
    if (APIUserAbortError.isInstance(error)) {
      return errorReply(503, requestId, 'shutting_down', 'The emulator is shutting down.');
    }
    state.onError?.(error);
    return errorReply(500, requestId, 'internal_error', 'The emulator failed unexpectedly.');
  }
}
