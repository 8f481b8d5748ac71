import { type ContextOptimizer, ContextOptimizerClient, type ShadowEvent } from '@ctxopt/core';
import { startEmulator } from '@ctxopt/local';

export interface ServiceConnection {
  /** `service` for CTXOPT_BASE_URL, `emulator` for the in-process one. */
  target: 'service' | 'emulator';
  optimizer: ContextOptimizer;
  /** The first line of the example's output: which service compresses, and why. */
  description: string;
  /** The in-process emulator's inspector page; `undefined` for the service. */
  inspectorUrl?: string;
  /** The in-process emulator's inspector shows shadow evaluation's figures given here (`onShadow`). */
  recordShadow?: (event: ShadowEvent) => void;
  /** Stops the in-process emulator, if one was started. */
  close(): Promise<void>;
}

/**
 * The Context Optimization API the example talks to: the real service when both
 * `CTXOPT_API_KEY` and `CTXOPT_BASE_URL` are set, otherwise the emulator from
 * `@ctxopt/local`, started in process on 127.0.0.1. Either way the middleware speaks
 * HTTP through the same `ContextOptimizerClient`.
 */
export async function connectService(env: NodeJS.ProcessEnv): Promise<ServiceConnection> {
  if (env.CTXOPT_API_KEY && env.CTXOPT_BASE_URL) {
    return {
      target: 'service',
      optimizer: new ContextOptimizerClient({
        apiKey: env.CTXOPT_API_KEY,
        baseURL: env.CTXOPT_BASE_URL,
      }),
      description: `Context Optimization API: ${env.CTXOPT_BASE_URL} (CTXOPT_API_KEY and CTXOPT_BASE_URL are set)`,
      close: async () => {},
    };
  }
  // This example only compresses (the model runs here), so the emulator needs no provider key.
  const emulator = await startEmulator();
  return {
    target: 'emulator',
    optimizer: new ContextOptimizerClient({ apiKey: emulator.apiKey, baseURL: emulator.url }),
    description:
      `Context Optimization API: in-process emulator at ${emulator.url} (it compresses; the model runs in this process); ` +
      'set CTXOPT_API_KEY and CTXOPT_BASE_URL to use the service',
    inspectorUrl: emulator.inspectorUrl,
    recordShadow: (event) => emulator.recordShadow(event),
    close: () => emulator.close(),
  };
}
