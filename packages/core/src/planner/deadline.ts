import { APIConnectionTimeoutError } from '../errors.ts';

/**
 * One time budget for everything a prompt's compression does (several spans, every
 * retry): its signal aborts the service calls when the time is up or the caller aborts,
 * and `race` also covers optimizers that ignore the signal, so a hung service never holds
 * the model call past `timeout`.
 */
export class Deadline {
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #stopped: Promise<never>;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #callerSignal: AbortSignal | undefined;
  readonly #onAbort: () => void;

  constructor(timeout: number, description: string, callerSignal?: AbortSignal) {
    this.signal = this.#controller.signal;
    this.#callerSignal = callerSignal;
    let reject: (reason: unknown) => void = () => {};
    this.#stopped = new Promise<never>((_, rejectStopped) => {
      reject = rejectStopped;
    });
    // Nobody may be racing when the time runs out; that rejection is not an error.
    this.#stopped.catch(() => {});
    this.#timer = setTimeout(() => {
      const error = new APIConnectionTimeoutError(`${description} took longer than ${timeout} ms.`);
      this.#controller.abort(error);
      reject(error);
    }, timeout);
    this.#onAbort = () => {
      this.#controller.abort(callerSignal?.reason);
      reject(callerSignal?.reason);
    };
    if (callerSignal?.aborted) this.#onAbort();
    else callerSignal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** Runs `operation` until it settles or the deadline passes, whichever comes first. */
  async race<T>(operation: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.signal.throwIfAborted();
    const running = operation(this.signal);
    // The loser of the race may still reject; that rejection has nobody to report to.
    running.catch(() => {});
    return Promise.race([running, this.#stopped]);
  }

  /** Stops the timer and lets go of the caller's signal. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#callerSignal?.removeEventListener('abort', this.#onAbort);
  }
}
