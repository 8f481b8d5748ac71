// Runs the server of `startMeasuredServer` in its own thread and answers its questions.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { startEmulator } from '../../packages/local/src/index.ts';
import { startFixedResponseServer } from './fixed-response-server.ts';
import type { MeasuredServerSpec, ServerStats } from './measured-server.ts';

// A full collection before each heap reading, so the figure is what stays alive.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: object) => void;
// 'last-resort': the collection V8 runs before giving up on memory, which also empties its
// caches; a plain one leaves a reading that moves by ~10 MB from call to call.
const collectGarbage = () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });

const spec = workerData as MeasuredServerSpec;
const port = parentPort!;
const emulator = spec.kind === 'emulator' ? await startEmulator(spec.options) : undefined;
const server = spec.kind === 'emulator' ? emulator! : await startFixedResponseServer(spec.response);

function stats(): ServerStats {
  collectGarbage();
  // In a worker these figures are the worker's own heap, not the process's.
  const memory = process.memoryUsage();
  return {
    cpuMicros: cpuMicros(),
    heapUsedBytes: memory.heapUsed,
    externalBytes: memory.external,
    ...(emulator ? { requests: emulator.requestCount } : {}),
  };
}

function cpuMicros(): number {
  const cpu = process.threadCpuUsage();
  return cpu.user + cpu.system;
}

port.on('message', async (message: unknown) => {
  // No collection for a CPU reading: it comes between timed rounds, which it would change.
  if (message === 'cpu') port.postMessage({ cpuMicros: cpuMicros() });
  if (message === 'stats') port.postMessage({ stats: stats() });
  if (message === 'close') {
    await server.close();
    port.postMessage({ closed: true });
    port.close();
  }
});
port.postMessage({ url: server.url, ...(emulator ? { apiKey: emulator.apiKey } : {}) });
