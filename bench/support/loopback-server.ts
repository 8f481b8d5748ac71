import { fork } from 'node:child_process';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import {
  type FixedResponse,
  type RunningServer,
  startFixedResponseServer,
} from './fixed-response-server.ts';

export interface LoopbackServerOptions extends FixedResponse {
  /**
   * Where the server runs. `'worker'` gives it its own thread and event loop, so the
   * code under test does not share its loop with the server it calls (closer to a real
   * remote service); `'process'` gives it a process of its own, so not even the
   * process's shared work (its garbage collector, libuv's thread pool) is shared; `'main'`
   * runs it in the calling thread. @default 'worker'
   */
  thread?: 'worker' | 'process' | 'main';
}

/**
 * Starts a keep-alive HTTP server on 127.0.0.1 that answers every request with the same
 * response (see `startFixedResponseServer`). `close()` stops it and its thread.
 */
export async function startLoopbackServer(options: LoopbackServerOptions): Promise<RunningServer> {
  const { thread = 'worker', ...response } = options;
  if (thread === 'main') return startFixedResponseServer(response);
  if (thread === 'process') return startInProcess(response);
  const worker = new Worker(new URL('./loopback-worker.ts', import.meta.url), {
    workerData: response,
  });
  const [ready] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => {
      throw error;
    }),
  ])) as [{ url: string }];
  return {
    url: ready.url,
    async close() {
      const closed = once(worker, 'message');
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

async function startInProcess(response: FixedResponse): Promise<RunningServer> {
  const child = fork(
    new URL('./loopback-process.ts', import.meta.url),
    [JSON.stringify(response)],
    {
      // It imports nothing of the project: none of the caller's flags (a test runner's loaders).
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'error').then(([error]) => {
      throw error;
    }),
    once(child, 'exit').then(([code]) => {
      throw new Error(`The loopback server's process exited with ${code} before it listened`);
    }),
  ])) as [{ url: string }];
  return {
    url: ready.url,
    async close() {
      const exited = once(child, 'exit');
      child.send('close');
      await exited;
    },
  };
}
