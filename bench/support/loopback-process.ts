// Runs a fixed-response server in its own process for `startLoopbackServer`.
import { type FixedResponse, startFixedResponseServer } from './fixed-response-server.ts';

const response = JSON.parse(process.argv[2]!) as FixedResponse;
const server = await startFixedResponseServer(response);
process.on('message', async (message: unknown) => {
  if (message !== 'close') return;
  await server.close();
  process.send!({ closed: true });
  process.disconnect();
});
process.send!({ url: server.url });
