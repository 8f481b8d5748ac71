import { startChatServer } from './chat-server.ts';

export type { ChatMetadata } from './chat-metadata.ts';
export { type ChatServer, type ChatServerOptions, startChatServer } from './chat-server.ts';

if (import.meta.main) {
  const port = Number(process.env.PORT ?? 3000);
  const server = await startChatServer({ port });
  for (const line of server.description) console.log(line);
  console.log('');
  console.log(`Web chat:  ${server.url}`);
  if (server.inspectorUrl) console.log(`Inspector: ${server.inspectorUrl}`);
  console.log('Ctrl+C stops both.');
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
