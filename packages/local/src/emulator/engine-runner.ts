import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompressParams } from '@ctxopt/core';
import { Piscina } from 'piscina';
import {
  compressContext,
  type EngineOptions,
  type EngineResult,
} from '../engine/compress-context.ts';
import { isTokenizerLoaded } from '../engine/tokenizer.ts';
import type { WorkerAnswer, WorkerTask } from './compress-worker.ts';
import { engineInput, engineInputSize } from './engine-input-size.ts';
import { workerExecArgv } from './worker-exec-argv.ts';

/**
 * Runs the engine without stalling the event loop it is called from (the emulator's
 * other callers, or the application around `LocalContextOptimizer`). The engine is
 * synchronous and takes up to seconds per megabyte on the worst inputs, so a request of
 * `WORKER_MIN_CHARS` characters or more (roles, contents and query together, see
 * engine-input-size.ts) is compressed in a worker thread while the event loop goes on;
 * smaller ones, done in a few milliseconds, run in process, which spares them the copy.
 *
 * The workers are one pool per process (piscina), shared by every emulator and optimizer
 * in it and sized to the machine, so one slow request does not hold the others behind
 * it. Workers load the tokenizer as they start, never keep the process alive, and end
 * after `WORKER_IDLE_MS` without a task. When no worker can run (the worker's file left
 * out by an application's bundler, options of the parent that a thread refuses, a
 * worker that fails to start), the request is compressed in process: slower for the
 * event loop, never lost.
 */
export interface EngineRunner {
  compress(params: CompressParams, options?: EngineOptions): Promise<EngineResult>;
  /**
   * Resolves once the pool has a worker with the tokenizer loaded (or no worker can run),
   * so that a first request costs what the next ones do. Never rejects.
   */
  warm(): Promise<void>;
  /** Fails this runner's running requests and runs no more; the shared pool goes on. */
  close(): Promise<void>;
}

/** Requests of at least this many characters go to the pool. */
export const WORKER_MIN_CHARS = 32_768;

/** How long an idle worker is kept for the next large request, in ms. */
export const WORKER_IDLE_MS = 30_000;

/** Set by `resizeEnginePool` (benchmarks): workers at most, instead of one per core. */
let threadsOverride: number | undefined;

/**
 * Workers at most: one per core the process may use but one, left to the event loop, which
 * reads, checks and answers every request (on 2 loaded cores, 8 concurrent requests of
 * 300,000 characters took 786 ms with two workers against 509 ms with one:
 * bench/emulator-pool.ts).
 */
export function poolSize(): number {
  return threadsOverride ?? Math.max(1, availableParallelism() - 1);
}

/** The worker's file: beside this module, with this module's extension (.ts, .js or .cjs). */
function workerFile(): string | undefined {
  // `__filename` exists in the CommonJS build; the ES build and the sources have `import.meta`.
  const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
  const file = join(here, '..', `compress-worker${extname(here)}`);
  return existsSync(file) ? file : undefined;
}

/** The process's pool, `null` once no worker can run here. */
let pool: Piscina | null | undefined;
/** Whether a worker of the pool ever answered: a failure after that is one worker's, not the pool's. */
let answered = false;

/** Gives up `failed` (when it is still the process's pool): requests then run in process. */
function disablePool(failed: Piscina): void {
  if (failed !== pool) return;
  pool = null;
  void failed.destroy().catch(() => {});
}

function sharedPool(): Piscina | null {
  if (pool !== undefined) return pool;
  const filename = workerFile();
  if (!filename) {
    pool = null;
    return pool;
  }
  try {
    const created = new Piscina({
      filename,
      minThreads: 0,
      maxThreads: poolSize(),
      idleTimeout: WORKER_IDLE_MS,
      execArgv: workerExecArgv(process.execArgv),
    });
    // A worker that fails with no task running is reported here; without a listener the
    // error would end the host process.
    created.on('error', () => {
      if (!answered) disablePool(created);
    });
    pool = created;
  } catch {
    // Options a worker thread refuses throw while the first worker is created.
    pool = null;
  }
  return pool;
}

let warming: Promise<void> | undefined;

/**
 * Ends the process's pool and sets the size of the next one (`undefined`: one worker per
 * core). For benchmarks that compare pool sizes in one run; not part of the package's API.
 */
export async function resizeEnginePool(maxThreads: number | undefined): Promise<void> {
  const previous = pool;
  pool = undefined;
  warming = undefined;
  answered = false;
  threadsOverride = maxThreads;
  if (previous) await previous.destroy();
}

/** The longest `warm()` waits for a worker: a start that hangs must not hold the emulator's. */
const WARM_UP_WAIT_MS = 15_000;

function warmPool(): Promise<void> {
  warming ??= (async () => {
    const workers = sharedPool();
    if (!workers) return;
    try {
      await workers.run({ params: engineInput({ context: 'warm', level: 'standard' }) });
      answered = true;
    } catch {
      if (!answered) disablePool(workers);
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, WARM_UP_WAIT_MS);
    timer.unref();
  });
  return Promise.race([warming, waited]).finally(() => clearTimeout(timer));
}

/** The engine in this thread, a microtask later (a caller's synchronous code finishes first). */
function inProcess(params: CompressParams, options?: EngineOptions): Promise<EngineResult> {
  return Promise.resolve().then(() => compressContext(params, options));
}

export function createEngineRunner(): EngineRunner {
  const closing = new AbortController();

  const inPool = async (
    workers: Piscina,
    params: CompressParams,
    options?: EngineOptions,
  ): Promise<EngineResult> => {
    let answer: WorkerAnswer;
    try {
      const task: WorkerTask = { params: engineInput(params), ...(options ? { options } : {}) };
      answer = await workers.run(task, { signal: closing.signal });
      answered = true;
    } catch (error) {
      if (closing.signal.aborted) {
        throw new Error('The emulator closed while a compression was running.', { cause: error });
      }
      // The worker failed, not the engine (its errors come back as answers): the request
      // is compressed here, and a pool whose workers never started is given up.
      if (!answered) disablePool(workers);
      return compressContext(params, options);
    }
    if ('error' in answer) throw new Error(`The compression engine failed: ${answer.error}`);
    return answer.result;
  };

  return {
    compress(params, options) {
      if (closing.signal.aborted) return inProcess(params, options);
      // Small requests run here once this thread has the tokenizer; before that they go to
      // the pool too, so that no request pays the tokenizer's load on the event loop.
      const large = engineInputSize(params) >= WORKER_MIN_CHARS;
      if (!large && isTokenizerLoaded()) return inProcess(params, options);
      const workers = sharedPool();
      if (!workers) return inProcess(params, options);
      return inPool(workers, params, options);
    },
    warm: warmPool,
    async close() {
      closing.abort();
    },
  };
}

let shared: EngineRunner | undefined;

/**
 * The runner every `LocalContextOptimizer` of the process shares. Never closed: its
 * workers do not keep the process alive and end when idle.
 */
export function sharedEngineRunner(): EngineRunner {
  shared ??= createEngineRunner();
  return shared;
}
