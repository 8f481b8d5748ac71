import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CompressParams } from '@ctxopt/core';
import { compressContext, type EngineResult } from '../engine/compress-context.ts';

/**
 * Runs the engine without stalling the event loop it is called from (the emulator's
 * other callers, or the application around `LocalContextOptimizer`). The engine is
 * synchronous and takes up to about two seconds per megabyte on the worst inputs, so a
 * context of `WORKER_MIN_CHARS` characters or more is compressed in a worker thread
 * while the event loop goes on; smaller ones, done in a few milliseconds, run in
 * process, which spares them the copy to the worker.
 *
 * One worker, started on the first large request and reused; jobs queue in it. It does
 * not keep the process alive, it ends after `idleMs` without a job (the next large
 * request starts another), and `close()` ends it. When the worker's file is missing
 * (the package bundled again by an application's bundler), every job runs in process.
 */
export interface EngineRunner {
  compress(params: CompressParams): Promise<EngineResult>;
  close(): Promise<void>;
}

/** Contexts with at least this many characters go to the worker. */
export const WORKER_MIN_CHARS = 32_768;

/** How long an idle worker is kept for the next large request, in ms. */
export const WORKER_IDLE_MS = 30_000;

export interface EngineRunnerOptions {
  /** How long an idle worker is kept, in ms. @default WORKER_IDLE_MS */
  idleMs?: number;
}

function contextLength(params: CompressParams): number {
  if (typeof params.context === 'string') return params.context.length;
  let length = 0;
  for (const message of params.context) length += message.content.length;
  return length;
}

/** The worker's file: beside this module, with this module's extension (.ts, .js or .cjs). */
function workerFile(): string | undefined {
  // `__filename` exists in the CommonJS build; the ES build and the sources have `import.meta`.
  const here = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
  const file = join(here, '..', `compress-worker${extname(here)}`);
  return existsSync(file) ? file : undefined;
}

interface Pending {
  resolve(result: EngineResult): void;
  reject(error: Error): void;
}

export function createEngineRunner(options: EngineRunnerOptions = {}): EngineRunner {
  const idleMs = options.idleMs ?? WORKER_IDLE_MS;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  const file = workerFile();

  // A worker holds its own copy of the tokenizer (tens of MB): an idle one is ended.
  const endWhenIdle = (idle: Worker) => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (worker !== idle || pending.size > 0) return;
      worker = undefined;
      void idle.terminate();
    }, idleMs);
    idleTimer.unref();
  };

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    worker = undefined;
  };

  const start = (path: string): Worker => {
    const started = new Worker(path);
    started.unref();
    started.on('message', (message: { id: number; result?: EngineResult; error?: string }) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      if (message.result) job.resolve(message.result);
      else job.reject(new Error(`The compression engine failed: ${message.error}`));
      if (pending.size === 0) {
        started.unref();
        endWhenIdle(started);
      }
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started)
        failAll(new Error(`The compression worker exited with code ${code}.`));
    });
    return started;
  };

  return {
    compress(params) {
      if (closed || !file || contextLength(params) < WORKER_MIN_CHARS) {
        return Promise.resolve().then(() => compressContext(params));
      }
      clearTimeout(idleTimer);
      worker ??= start(file);
      // Held alive while a job runs, so that an answer is never lost to an exiting process.
      worker.ref();
      const id = nextId++;
      return new Promise<EngineResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, params });
      });
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const running = worker;
      worker = undefined;
      failAll(new Error('The emulator closed while a compression was running.'));
      if (running) await running.terminate();
    },
  };
}

let shared: EngineRunner | undefined;

/**
 * The runner every `LocalContextOptimizer` of the process shares, so that an app with
 * many optimizers still has one worker at most. Never closed: its worker does not keep
 * the process alive and ends when idle.
 */
export function sharedEngineRunner(): EngineRunner {
  shared ??= createEngineRunner();
  return shared;
}
