import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { connectService } from '@ctxopt-examples/ai-sdk-rag/connect-service';
import { createHandbookRetriever } from '@ctxopt-examples/ai-sdk-rag/handbook-retriever';
import { demoQuestions, loadCorpus } from '@ctxopt-examples/corpus';
import { wrapLanguageModel } from 'ai';
import { answerChat } from './answer-chat.ts';
import { bundleBrowserApp } from './browser-bundle.ts';
import { chooseModel } from './chat-model.ts';
import { chatPage } from './chat-page.ts';

export interface ChatServerOptions {
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /** Environment read for the service and model settings. @default process.env */
  env?: NodeJS.ProcessEnv;
}

export interface ChatServer {
  /** The chat page, such as `http://127.0.0.1:3000/`. */
  url: string;
  /** The emulator's inspector, when the chat runs on the in-process emulator. */
  inspectorUrl: string | undefined;
  /** What compresses and what answers, in two lines for the terminal. */
  description: string[];
  /** Stops the server and the emulator it started. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('The body is larger than 1 MiB.');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** Writes a web `Response` (what the AI SDK returns) to Node's response, streaming its body. */
async function writeResponse(web: Response, response: ServerResponse) {
  response.writeHead(web.status, Object.fromEntries(web.headers));
  if (!web.body) return void response.end();
  const body = Readable.fromWeb(web.body as import('node:stream/web').ReadableStream);
  body.pipe(response);
  await new Promise<void>((resolve) => response.on('close', resolve));
}

/**
 * Starts the web chat on 127.0.0.1: `/` the page, `/app.js` its script, `/api/config`
 * what the page shows in its header, `POST /api/chat` the AI SDK UI message stream.
 */
export async function startChatServer(options: ChatServerOptions = {}): Promise<ChatServer> {
  const env = options.env ?? process.env;
  const service = await connectService(env);
  try {
    const [documents, script] = await Promise.all([loadCorpus(), bundleBrowserApp()]);
    const retriever = createHandbookRetriever(documents);
    const chosen = chooseModel(env);
    // Shadow evaluation: a share of the answers is given once more from the uncompressed
    // prompt in the background, and the page shows how often the two agree. Every answer
    // offline (it costs nothing); one in ten with a real model (it costs its input again).
    const middleware = contextOptimizerMiddleware({
      optimizer: service.optimizer,
      shadow: { sampleRate: Number(env.SHADOW_SAMPLE_RATE ?? (env.OPENAI_API_KEY ? 0.1 : 1)) },
      // The emulator's inspector shows the agreement too.
      ...(service.recordShadow ? { onShadow: service.recordShadow } : {}),
    });
    const model = wrapLanguageModel({ model: chosen.model, middleware });
    const page = chatPage(demoQuestions.slice(0, 3).map((question) => question.question));
    const config = JSON.stringify({
      model: `${chosen.model.provider}/${chosen.model.modelId}`,
      service:
        service.target === 'emulator'
          ? 'offline, on the in-process emulator'
          : 'the Context Optimization API',
      ...(service.inspectorUrl ? { inspectorUrl: service.inspectorUrl } : {}),
    });
    const settings = {
      model,
      retriever,
      inspectorUrl: service.inspectorUrl,
      agreement: () => middleware.shadow.summary().agreement,
    };

    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      const send = (status: number, type: string, body: string) => {
        response.writeHead(status, {
          'content-type': `${type}; charset=utf-8`,
          'cache-control': 'no-store',
        });
        response.end(body);
      };
      if (request.method === 'GET' && path === '/') return send(200, 'text/html', page);
      if (request.method === 'GET' && path === '/app.js')
        return send(200, 'text/javascript', script);
      if (request.method === 'GET' && path === '/favicon.ico') return send(204, 'image/x-icon', '');
      if (request.method === 'GET' && path === '/api/config')
        return send(200, 'application/json', config);
      if (request.method === 'POST' && path === '/api/chat') {
        const aborted = new AbortController();
        response.on('close', () => aborted.abort());
        readJson(request)
          .then((body) => answerChat(body, settings, aborted.signal))
          .then((web) => writeResponse(web, response))
          .catch((error: unknown) => {
            if (response.headersSent) return void response.destroy();
            send(400, 'application/json', JSON.stringify({ error: (error as Error).message }));
          });
        return;
      }
      send(
        404,
        'application/json',
        JSON.stringify({ error: `No route ${request.method} ${path}.` }),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/`,
      inspectorUrl: service.inspectorUrl,
      description: [
        service.description,
        `Model: ${chosen.description}, wrapped in contextOptimizerMiddleware`,
      ],
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await middleware.shadow.settled();
        await service.close();
      },
    };
  } catch (error) {
    await service.close();
    throw error;
  }
}
