import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { EmulatorOptions } from '../../packages/local/src/index.ts';
import type { FixedResponse } from './fixed-response-server.ts';

/**
 * What runs in the worker: the fixed-response server of `startFixedResponseServer`, or the
 * emulator of `@ctxopt/local` with the options that can cross a thread (no functions).
 */
export type MeasuredServerSpec =
  | { kind: 'fixed'; response: FixedResponse }
  | {
      kind: 'emulator';
      options: Pick<
        EmulatorOptions,
        | 'apiKeys'
        | 'limitTokens'
        | 'idempotencyMaxEntries'
        | 'idempotencyTtlMs'
        | 'maxRecordedRequests'
      >;
    };

/** The server thread's own figures, read inside it. */
export interface ServerStats {
  /** CPU time the server's thread has used since it started, in microseconds. */
  cpuMicros: number;
  /** The thread's V8 heap in use right after a full garbage collection. */
  heapUsedBytes: number;
  /** Memory outside that heap held by its objects (Buffers and the like). */
  externalBytes: number;
  /** Requests received since the start (the emulator only). */
  requests?: number;
}

export interface MeasuredServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** The emulator's API key (the emulator only). */
  apiKey?: string;
  /** The CPU time the server's thread has used since it started, in microseconds. */
  cpuMicros(): Promise<number>;
  /** Collects garbage in the server's thread, then reads its CPU time and heap. */
  stats(): Promise<ServerStats>;
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 in its own worker thread, as `startLoopbackServer` does,
 * and lets the benchmark ask that thread for its CPU time and heap: figures of the
 * server alone, which the calling thread cannot see. Ask one question at a time.
 */
export async function startMeasuredServer(spec: MeasuredServerSpec): Promise<MeasuredServer> {
  const worker = new Worker(new URL('./measured-server-worker.ts', import.meta.url), {
    workerData: spec,
  });
  // `once` rejects when the worker emits 'error' first: a failed start or a crash.
  const reply = async <T>() => ((await once(worker, 'message')) as [T])[0];
  const ready = await reply<{ url: string; apiKey?: string }>();
  return {
    url: ready.url,
    ...(ready.apiKey ? { apiKey: ready.apiKey } : {}),
    async cpuMicros() {
      worker.postMessage('cpu');
      return (await reply<{ cpuMicros: number }>()).cpuMicros;
    },
    async stats() {
      worker.postMessage('stats');
      return (await reply<{ stats: ServerStats }>()).stats;
    },
    async close() {
      worker.postMessage('close');
      await reply();
      await worker.terminate();
    },
  };
}
