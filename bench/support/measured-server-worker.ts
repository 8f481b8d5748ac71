// Runs the server of `startMeasuredServer` in its own thread and answers its questions.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { startEmulator } from '../../packages/local/src/index.ts';
import { startFixedResponseServer } from './fixed-response-server.ts';
import type { MeasuredServerSpec, ServerStats } from './measured-server.ts';

// A full collection before each heap reading, so the figure is what stays alive.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const spec = workerData as MeasuredServerSpec;
const port = parentPort!;
const emulator = spec.kind === 'emulator' ? await startEmulator(spec.options) : undefined;
const server =
  emulator ?? (spec.kind === 'fixed' ? await startFixedResponseServer(spec.response) : undefined)!;

function stats(): ServerStats {
  collectGarbage();
  const cpu = process.threadCpuUsage();
  // In a worker these figures are the worker's own heap, not the process's.
  const memory = process.memoryUsage();
  return {
    cpuMicros: cpu.user + cpu.system,
    heapUsedBytes: memory.heapUsed,
    externalBytes: memory.external,
    ...(emulator ? { requests: emulator.requestCount } : {}),
  };
}

port.on('message', async (message: unknown) => {
  if (message === 'stats') port.postMessage({ stats: stats() });
  if (message === 'close') {
    await server.close();
    port.postMessage({ closed: true });
    port.close();
  }
});
port.postMessage({ url: server.url, ...(emulator ? { apiKey: emulator.apiKey } : {}) });
