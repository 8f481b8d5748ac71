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

/** What `injectRandomly` draws from. */
export interface RandomFaultOptions {
  /** Share of requests that meet a fault, from 0 to 1. */
  probability: number;
  /** The kinds drawn, with equal chance. @default ['fail', 'delay', 'drop', 'malformed'] */
  kinds?: readonly Fault['kind'][];
  /** How late a `delay` answers, in milliseconds. @default 1000 */
  delayMs?: number;
  /** The status of a `fail`. @default 503 */
  status?: number;
  /** Seed of the draws, so a failing run can be replayed. @default 1 */
  seed?: number;
}

function failFault(options: FailOptions): Fault {
  return {
    kind: 'fail',
    status: options.status ?? 503,
    code: options.code ?? 'injected_fault',
    message: options.message ?? 'Injected fault: the emulator was told to fail this request.',
    headers: options.headers ?? {},
  };
}

/** A small seeded generator (mulberry32): the same seed gives the same faults. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Faults for the next requests, taken in the order they were queued, one per request.
 * `fail`, `drop` and `malformed` act before the request is looked at, so nothing is
 * charged or stored; `delay` holds the answer after the request was processed, so a
 * retry sent meanwhile meets the stored response.
 */
export class Faults {
  readonly #queue: Fault[] = [];
  #random: (() => Fault | undefined) | undefined;

  /**
   * From now on, each request whose turn has no queued fault meets a random one with
   * `probability`: a mix for soak and chaos tests. `clear()` stops it.
   */
  injectRandomly(options: RandomFaultOptions): this {
    const { probability } = options;
    if (!(probability >= 0 && probability <= 1)) {
      throw new RangeError(`probability must be between 0 and 1 (got ${probability}).`);
    }
    const kinds = options.kinds ?? ['fail', 'delay', 'drop', 'malformed'];
    const next = seededRandom(options.seed ?? 1);
    const make: Record<Fault['kind'], () => Fault> = {
      fail: () => failFault({ status: options.status }),
      delay: () => ({ kind: 'delay', ms: options.delayMs ?? 1000 }),
      drop: () => ({ kind: 'drop' }),
      malformed: () => ({ kind: 'malformed' }),
    };
    this.#random = () => {
      if (kinds.length === 0 || next() >= probability) return undefined;
      return make[kinds[Math.floor(next() * kinds.length)]!]();
    };
    return this;
  }

  /** The next `count` requests answer `status` (default 503) in the error shape. */
  failNext(count = 1, options: FailOptions = {}): this {
    return this.#push(count, failFault(options));
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

  /** Forgets every queued fault and stops random ones. */
  clear(): void {
    this.#queue.length = 0;
    this.#random = undefined;
  }

  /** Takes the fault for the request that just arrived, if any. */
  take(): Fault | undefined {
    return this.#queue.shift() ?? this.#random?.();
  }

  #push(count: number, fault: Fault): this {
    if (!Number.isInteger(count) || count < 1) {
      throw new RangeError(`count must be a positive integer (got ${count}).`);
    }
    for (let index = 0; index < count; index++) this.#queue.push(fault);
    return this;
  }
}
