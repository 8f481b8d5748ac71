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
import { redactedError } from './browser-error.ts';
import { chooseModel } from './chat-model.ts';
import { chatPage, chatStyle } from './chat-page.ts';
import { hostAllowed, sameOriginPost, sendsJson } from './request-guard.ts';
import { securityHeaders } from './security-headers.ts';

export interface ChatServerOptions {
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
  /** Environment read for the service and model settings. @default process.env */
  env?: NodeJS.ProcessEnv;
  /**
   * Host names the chat answers besides the loopback ones (`localhost`, `127.x.x.x`,
   * `[::1]`), such as the name a reverse proxy forwards; any other `Host` gets 403.
   * @default env `CHAT_ALLOWED_HOSTS` (comma-separated), else none
   */
  allowedHosts?: readonly string[];
  /** Where failures are logged, redacted. @default console.error */
  logError?: (message: string) => void;
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
  response.writeHead(web.status, { ...Object.fromEntries(web.headers), ...securityHeaders });
  if (!web.body) return void response.end();
  const body = Readable.fromWeb(web.body as import('node:stream/web').ReadableStream);
  body.pipe(response);
  await new Promise<void>((resolve) => response.on('close', resolve));
}

/**
 * Starts the web chat on 127.0.0.1: `/` the page, `/app.js` its script, `/app.css` its
 * style, `/api/config` what the page shows in its header, `POST /api/chat` the AI SDK UI
 * message stream. Every answer carries `securityHeaders`; a request whose `Host` is not
 * this machine's (or one of `allowedHosts`) gets 403, and so does a `POST` from another
 * origin; the chat takes JSON only (415 otherwise).
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
    // Keys that must never reach the browser or the log: the model's and the service's.
    const secrets = [env.OPENAI_API_KEY, env.CTXOPT_API_KEY];
    const log = options.logError ?? ((message: string) => console.error(message));
    const logError = (error: unknown) => log(`web chat: ${redactedError(error, secrets)}`);
    const settings = {
      model,
      retriever,
      inspectorUrl: service.inspectorUrl,
      logError,
      agreement: () => middleware.shadow.summary().agreement,
    };
    const allowedHosts =
      options.allowedHosts ??
      (env.CHAT_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean);

    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      const send = (status: number, type: string, body: string) => {
        response.writeHead(status, {
          ...securityHeaders,
          'content-type': `${type}; charset=utf-8`,
          'cache-control': 'no-store',
        });
        response.end(body);
      };
      const refuse = (status: number, error: string) =>
        send(status, 'application/json', JSON.stringify({ error }));
      if (!hostAllowed(request, allowedHosts)) {
        return refuse(403, 'This chat answers requests addressed to this machine only (Host).');
      }
      if (request.method === 'GET' && path === '/') return send(200, 'text/html', page);
      if (request.method === 'GET' && path === '/app.css') return send(200, 'text/css', chatStyle);
      if (request.method === 'GET' && path === '/app.js')
        return send(200, 'text/javascript', script);
      if (request.method === 'GET' && path === '/favicon.ico') return send(204, 'image/x-icon', '');
      if (request.method === 'GET' && path === '/api/config')
        return send(200, 'application/json', config);
      if (request.method === 'POST' && path === '/api/chat') {
        // Any web page can POST to a loopback address: only the chat's own page may.
        if (!sameOriginPost(request)) return refuse(403, 'Cross-origin requests are refused.');
        if (!sendsJson(request)) return refuse(415, 'The body must be application/json.');
        const aborted = new AbortController();
        response.on('close', () => aborted.abort());
        readJson(request)
          .then((body) => answerChat(body, settings, aborted.signal))
          .then((web) => writeResponse(web, response))
          .catch((error: unknown) => {
            if (response.headersSent) return void response.destroy();
            refuse(400, redactedError(error, secrets).replace(/^\w*Error: /, ''));
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
