import { createHash } from 'node:crypto';
import { generateIdempotencyKey } from './internal/idempotency-key.ts';
import { isRetryableError } from './is-retryable-error.ts';
import { setNewest } from './newest-entries.ts';

/** How long the key of a failed attempt waits for the retry that continues it. */
const RETRY_WINDOW_MS = 5 * 60_000;
/** Failed attempts remembered at most; the oldest is forgotten first. */
const MAX_WAITING = 1000;

interface Waiting {
  key: string;
  expires: number;
}

export interface OperationKeysOptions {
  /** The clock of the retry window. @default Date.now */
  now?: () => number;
}

/**
 * One Idempotency-Key per logical call, for integrations whose framework retries a
 * failed call by calling again (the AI SDK's `maxRetries`, a `withRetry()` wrapper):
 * every attempt of the call must send the same key with the same body, so the service
 * runs and charges it once, while two separate calls, even identical ones, get keys of
 * their own.
 *
 * An attempt is recognised as the continuation of an earlier one in two ways:
 * - by the identity of `call`, an object the framework hands unchanged to every attempt
 *   of one call and builds anew for the next call (the AI SDK's `prompt` array under
 *   `generateText`);
 * - else by its body bytes: a call whose last attempt failed with a retryable error
 *   leaves its key waiting, for a few minutes, for the next attempt with the same body
 *   (what `streamText` and re-invoking wrappers send, with new objects each time).
 *
 * A waiting key is handed to exactly one continuation, whichever comes first. If an
 * identical but separate call takes it, the call it belonged to gets a fresh key on
 * its retry: each logical call still makes exactly one operation of its own.
 */
export class OperationKeys {
  readonly #byCall = new WeakMap<object, string>();
  readonly #waiting = new Map<string, Waiting>();
  readonly #now: () => number;

  constructor(options: OperationKeysOptions = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** The key for this attempt of `call`, whose request body is `body` (the exact bytes sent). */
  keyFor(call: object, body: string): string {
    const digest = digestOf(body);
    const waiting = this.#takeWaiting(digest);
    const known = this.#byCall.get(call);
    let key: string;
    if (known !== undefined) {
      // Our own key, if it was still waiting; taken by another call, or never left waiting
      // (the last attempt succeeded or failed for good): this attempt starts a new operation.
      if (waiting !== undefined && waiting !== known) this.#putWaiting(digest, waiting);
      key = waiting === known ? known : generateIdempotencyKey();
    } else {
      key = waiting ?? generateIdempotencyKey();
    }
    this.#byCall.set(call, key);
    return key;
  }

  /** Records how an attempt ended: a retryable failure leaves its key for the retry. */
  settled(body: string, key: string, error?: unknown): void {
    if (error === undefined || !isRetryableError(error)) return;
    this.#putWaiting(digestOf(body), key);
  }

  #takeWaiting(digest: string): string | undefined {
    const waiting = this.#waiting.get(digest);
    if (waiting === undefined) return undefined;
    this.#waiting.delete(digest);
    return waiting.expires > this.#now() ? waiting.key : undefined;
  }

  #putWaiting(digest: string, key: string): void {
    setNewest(this.#waiting, digest, { key, expires: this.#now() + RETRY_WINDOW_MS }, MAX_WAITING);
  }
}

function digestOf(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}
