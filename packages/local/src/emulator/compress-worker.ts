import { parentPort } from 'node:worker_threads';
import type { CompressParams } from '@ctxopt/core';
import { compressContext } from '../engine/compress-context.ts';

/**
 * The engine in a worker thread (see engine-runner.ts): one request at a time, answered
 * with the engine's result or the message of what it threw. Built as its own entry
 * (`dist/compress-worker.js` and `.cjs`) beside the bundles that start it.
 */
interface Job {
  id: number;
  params: CompressParams;
}

parentPort?.on('message', ({ id, params }: Job) => {
  try {
    parentPort!.postMessage({ id, result: compressContext(params) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
