import type { CompressParams } from '@ctxopt/core';
import {
  compressContext,
  type EngineOptions,
  type EngineResult,
} from '../engine/compress-context.ts';
import { WORKER_WARM_UP_CALLS, WORKER_WARM_UP_CHARACTERS, warmUpEngine } from './warm-up.ts';

/**
 * The engine in a worker thread of the pool (see engine-runner.ts): each task is one
 * request, answered with the engine's result or the message of what it threw, so that a
 * rejected task always means the worker itself failed. Built as its own entry
 * (`dist/compress-worker.js` and `.cjs`) beside the bundles that start it.
 */
export type WorkerAnswer = { result: EngineResult } | { error: string };

/** One request: the fields the engine reads (engine-input-size.ts) and how to run it. */
export interface WorkerTask {
  params: CompressParams;
  options?: EngineOptions;
}

// The tokenizer and the engine's code paths, loaded as the worker starts, not on its first task.
warmUpEngine(WORKER_WARM_UP_CHARACTERS, WORKER_WARM_UP_CALLS);

export default function compress(task: WorkerTask): WorkerAnswer {
  try {
    return { result: compressContext(task.params, task.options) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
