import type { ContextOptimizer } from '../context-optimizer.ts';
import { InvalidOptionError } from '../errors.ts';
import type { CompressionStore } from '../store/compression-store.ts';
import { guardStore } from '../store/guarded-store.ts';
import { StoreScope, type StoreScopeOptions } from '../store/store-scope.ts';
import { conversationIdOf } from './conversation-id.ts';
import { retrieveOriginal } from './retrieve-original.ts';

/**
 * How long a retrieval waits for the store before telling the model the original is
 * unavailable: longer than a compression's store reads (the model is waiting for this very
 * text), still short beside a model call.
 */
export const DEFAULT_RETRIEVE_TIMEOUT_MS = 2_000;

/**
 * Options of `createRetrieveTool` in both integrations: the store, and the same credential,
 * `scope` and `storeSecret` as the middleware that compressed, so the tool finds what it stored.
 */
export interface RetrieveToolOptions extends StoreScopeOptions {
  /** The store the middleware keeps its compressions in (its `store` option). */
  store: CompressionStore;
  /** The middleware's optimizer, when it was given one: its API key scopes the originals. */
  optimizer?: ContextOptimizer;
  /** The middleware's API key, when it was given one. @default env `CTXOPT_API_KEY` */
  apiKey?: string;
  /** Milliseconds a retrieval may wait for the store; past it the model is told the original is unavailable. @default 2000 */
  timeout?: number;
}

/** One retrieval: the handle the model gave, the messages of its conversation, and a per-call scope. */
export interface RetrieveRequest {
  handle: unknown;
  messages: readonly { role: string; text: string }[];
  scope?: string | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * What both `ctxopt_retrieve` tools run: the original behind a handle, looked up under the
 * tool's scope and the asking conversation only. The store starts connecting at once, so
 * the first retrieval of a fresh process is not spent loading a client.
 */
export function createOriginalRetriever(
  options: RetrieveToolOptions,
  owner = 'createRetrieveTool',
): (request: RetrieveRequest) => Promise<string> {
  const store = options.store as unknown as Record<string, unknown> | undefined;
  if (typeof store?.get !== 'function' || typeof store?.set !== 'function') {
    throw new InvalidOptionError(
      'store',
      'must be a CompressionStore (an object with get and set methods)',
      owner,
    );
  }
  const timeout = options.timeout ?? DEFAULT_RETRIEVE_TIMEOUT_MS;
  if (!Number.isInteger(timeout) || timeout < 1) {
    throw new InvalidOptionError('timeout', 'must be an integer of at least 1', owner);
  }
  const scope = StoreScope.of(options, owner);
  const guarded = guardStore(options.store, { timeout });
  const warming = guarded.warm();
  return async (request) => {
    // Loading the store's client and connecting never eat the read's own time: wait for
    // them first (as long as one timeout at most), then read under the guard.
    await waitAtMost(warming, timeout);
    return retrieveOriginal(
      guarded,
      {
        scope: request.scope === undefined ? scope : scope.withScope(request.scope, owner),
        conversation: conversationIdOf(request.messages),
        signal: request.signal,
      },
      request.handle,
    );
  };
}

async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref?.();
    }),
  ]);
  clearTimeout(timer);
}
