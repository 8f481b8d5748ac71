import { APIConnectionTimeoutError } from '@ctxopt/core';

export interface DeadlineOptions {
  /** Milliseconds for the whole operation, retries included. */
  timeout: number;
  /** The caller's signal; its abort ends the operation with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Names the operation in the timeout message, such as `POST /v1/compress`. */
  description: string;
}

/**
 * Runs `operation` with one deadline for all of it. The signal it gets fires on the
 * deadline or on the caller's abort; the race also covers optimizers that ignore the
 * signal, so a slow service never holds the model call past `timeout`.
 */
export async function withDeadline<T>(
  operation: (signal: AbortSignal) => Promise<T>,
  options: DeadlineOptions,
): Promise<T> {
  options.signal?.throwIfAborted();
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new APIConnectionTimeoutError(
        `${options.description} took longer than ${options.timeout} ms.`,
      );
      controller.abort(error);
      reject(error);
    }, options.timeout);
    onAbort = () => {
      controller.abort(options.signal?.reason);
      reject(options.signal?.reason);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const running = operation(controller.signal);
    // The loser of the race may still reject; that rejection has nobody to report to.
    running.catch(() => {});
    return await Promise.race([running, stopped]);
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}
