// Runs a fixed-response server in its own thread for `startLoopbackServer`.
import { parentPort, workerData } from 'node:worker_threads';
import { type FixedResponse, startFixedResponseServer } from './fixed-response-server.ts';

const port = parentPort!;
const server = await startFixedResponseServer(workerData as FixedResponse);
port.on('message', async (message: unknown) => {
  if (message !== 'close') return;
  await server.close();
  port.postMessage({ closed: true });
  port.close();
});
port.postMessage({ url: server.url });
