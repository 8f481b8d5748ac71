import type { ContextOptimizer, RequestOptions } from './context-optimizer.ts';
import { OperationKeys } from './operation-keys.ts';
import type { GenerateParams, GenerateResponse } from './schemas.ts';

/** The logical calls of each optimizer, so that keys never cross from one account to another. */
const operationKeys = new WeakMap<ContextOptimizer, OperationKeys>();

function operationKeysOf(optimizer: ContextOptimizer): OperationKeys {
  let keys = operationKeys.get(optimizer);
  if (!keys) {
    keys = new OperationKeys();
    operationKeys.set(optimizer, keys);
  }
  return keys;
}

/**
 * Sends one attempt of a logical `/v1/generate` call under the call's operation key:
 * when the framework retries the call (the AI SDK's `maxRetries`, LangChain's
 * `withRetry()`), every attempt sends the same Idempotency-Key with the same body, so
 * the service runs the call, charges it and calls the external model once. `call` is
 * an object the framework hands unchanged to every attempt of one call, if it has one;
 * otherwise the body bytes link a retry to the failed attempt (see `OperationKeys`).
 */
export async function generateAsOperation(
  optimizer: ContextOptimizer,
  params: GenerateParams,
  call: object,
  options: Omit<RequestOptions, 'idempotencyKey'> = {},
): Promise<GenerateResponse> {
  const keys = operationKeysOf(optimizer);
  const body = JSON.stringify(params);
  const idempotencyKey = keys.keyFor(call, body);
  try {
    const response = await optimizer.generate(params, { ...options, idempotencyKey });
    keys.settled(body, idempotencyKey);
    return response;
  } catch (error) {
    // An attempt cut short by the caller's deadline ended for the deadline's reason (a
    // timeout, which a retry continues), not for the abort it caused in the client.
    const signal = options.signal;
    keys.settled(body, idempotencyKey, signal?.aborted ? (signal.reason ?? error) : error);
    throw error;
  }
}
