import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  APIError,
  APIUserAbortError,
  type CompressParams,
  type GenerateParams,
} from '@ctxopt/core';
import {
  answer,
  type CheckedRequest,
  checkRequest,
  type EmulatorState,
  type Outcome,
} from './check-request.ts';
import { runCompress, runGenerate } from './operations.ts';
import { errorReply, jsonReply, type Reply } from './reply.ts';
import type { Operation } from './routes.ts';

export type { EmulatorState, Outcome } from './check-request.ts';

/** An outcome, with the operation and its params when the request passed the checks. */
export interface ProcessedOutcome extends Outcome {
  operation?: Operation;
  params?: CompressParams | GenerateParams;
}

/**
 * The checks of the contract, then the idempotent run. Checks come before the
 * idempotency store, so a refused request is never stored; of the runs, only 2xx
 * answers are stored and replayed.
 */
export async function processRequest(
  request: IncomingMessage,
  requestId: string,
  state: EmulatorState,
): Promise<ProcessedOutcome> {
  const result = await checkRequest(request, requestId, state);
  if (!result.ok) return result.outcome;
  const checked = result.checked;
  const served = { operation: checked.operation, params: checked.params };
  // Same route and body bytes: the same operation (spec 7.2, 7.3).
  const fingerprint = createHash('sha256')
    .update(`${checked.operation}\n`)
    .update(checked.body)
    .digest('hex');
  const outcome = await state.idempotency.once(
    checked.apiKey,
    checked.idempotencyKey,
    fingerprint,
    () => execute(checked, requestId, state),
    (reply) => reply.status < 300,
  );
  if (outcome.kind === 'replay') {
    return { reply: outcome.value, replayed: true, close: false, ...served };
  }
  if (outcome.kind === 'ran') return { ...answer(outcome.value), ...served };
  const message = outcome.running
    ? 'Idempotency-Key is in use by a running request with a different body.'
    : 'Idempotency-Key was already used with a different body; send a new key for a new operation.';
  const field = { field: 'Idempotency-Key' };
  return {
    ...answer(errorReply(409, requestId, 'idempotency_key_reused', message, field)),
    ...served,
  };
}

/** Runs the operation; every failure becomes an answer in the error shape. */
async function execute(
  checked: CheckedRequest,
  requestId: string,
  state: EmulatorState,
): Promise<Reply> {
  const context = {
    requestId,
    apiKey: checked.apiKey,
    ledger: state.ledger,
    providers: state.providers,
    signal: state.closing,
    compress: state.engine.compress,
    ...(state.embed ? { embed: state.embed } : {}),
  };
  try {
    const body =
      checked.operation === 'compress'
        ? await runCompress(checked.params as CompressParams, context)
        : await runGenerate(checked.params as GenerateParams, context);
    return jsonReply(200, requestId, body);
  } catch (error) {
    if (APIError.isInstance(error) && error.status !== undefined) {
      return errorReply(error.status, requestId, error.code ?? 'internal_error', error.message, {
        headers: error.headers,
      });
    }
    if (APIUserAbortError.isInstance(error)) {
      return errorReply(503, requestId, 'shutting_down', 'The emulator is shutting down.');
    }
    state.onError?.(error);
    return errorReply(500, requestId, 'internal_error', 'The emulator failed unexpectedly.');
  }
}
