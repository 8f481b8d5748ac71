/** What `failNext` answers with. */
export interface FailOptions {
  /** @default 503 */
  status?: number;
  /** The body's `error.code`. @default 'injected_fault' */
  code?: string;
  /** The body's `error.message`. @default 'Injected fault: the emulator was told to fail this request.' */
  message?: string;
  /** Extra response headers, such as `{ 'retry-after': '1' }`. */
  headers?: Record<string, string>;
}

export type Fault =
  | { kind: 'fail'; status: number; code: string; message: string; headers: Record<string, string> }
  | { kind: 'delay'; ms: number }
  | { kind: 'drop' }
  | { kind: 'malformed' };

/**
 * Faults for the next requests, taken in the order they were queued, one per request.
 * `fail`, `drop` and `malformed` act before the request is looked at, so nothing is
 * charged or stored; `delay` holds the answer after the request was processed, so a
 * retry sent meanwhile meets the stored response.
 */
export class Faults {
  readonly #queue: Fault[] = [];

  /** The next `count` requests answer `status` (default 503) in the error shape. */
  failNext(count = 1, options: FailOptions = {}): this {
    const fault: Fault = {
      kind: 'fail',
      status: options.status ?? 503,
      code: options.code ?? 'injected_fault',
      message: options.message ?? 'Injected fault: the emulator was told to fail this request.',
      headers: options.headers ?? {},
    };
    return this.#push(count, fault);
  }

  /** The next `count` requests are answered `ms` milliseconds late. */
  delayNext(count: number, ms: number): this {
    return this.#push(count, { kind: 'delay', ms });
  }

  /** The next `count` requests get no answer: their socket is destroyed. */
  dropNext(count = 1): this {
    return this.#push(count, { kind: 'drop' });
  }

  /** The next `count` requests get a 200 whose body is not JSON. */
  malformedNext(count = 1): this {
    return this.#push(count, { kind: 'malformed' });
  }

  /** Faults still queued. */
  get pending(): number {
    return this.#queue.length;
  }

  /** Forgets every queued fault. */
  clear(): void {
    this.#queue.length = 0;
  }

  /** Takes the fault for the request that just arrived, if any. */
  take(): Fault | undefined {
    return this.#queue.shift();
  }

  #push(count: number, fault: Fault): this {
    if (!Number.isInteger(count) || count < 1) {
      throw new RangeError(`count must be a positive integer (got ${count}).`);
    }
    for (let index = 0; index < count; index++) this.#queue.push(fault);
    return this;
  }
}
