import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShadowEvent } from '@ctxopt/core';
import { createInspector } from '../inspector/create-inspector.ts';
import { inspectorUrl } from '../inspector/inspector-url.ts';
import { createProviderRegistry } from '../providers/provider-registry.ts';
import { createAuthenticator, generateApiKey } from './api-keys.ts';
import { answerClientError } from './client-error.ts';
import { checkEmbedSettings } from './embed-settings.ts';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_RECORDED_REQUESTS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type EmulatorOptions,
} from './emulator-options.ts';
import { createEngineRunner } from './engine-runner.ts';
import { Faults } from './faults.ts';
import { type HandlerContext, handleRequest } from './handle-request.ts';
import { IdempotencyStore } from './idempotency-store.ts';
import { QuotaLedger } from './quota-ledger.ts';
import { createOutputRedactor } from './redact-output.ts';
import type { Reply } from './reply.ts';
import type { RequestRecord } from './request-record.ts';
import { secretForms } from './secret-forms.ts';
import { warmUpEngine } from './warm-up.ts';

/** A running emulator. */
export interface Emulator {
  /** Base URL without a path, such as `http://127.0.0.1:40123`; clients append `/v1/...`. */
  readonly url: string;
  readonly port: number;
  /** The first accepted API key (the generated development key by default). */
  readonly apiKey: string;
  readonly apiKeys: readonly string[];
  /** Queue failures, delays, dropped sockets and malformed bodies for the next requests. */
  readonly faults: Faults;
  /** The monthly quota per API key: `ledger.usedTokens(key)`, `ledger.operations(key)`. */
  readonly ledger: QuotaLedger;
  /** The newest requests received, oldest first (see `maxRecordedRequests`). */
  readonly requests: readonly RequestRecord[];
  /** Requests received since the start, dropped ones included. */
  readonly requestCount: number;
  /**
   * The inspector page (`${url}/`; through loopback when listening on every interface), or
   * `undefined` when `inspector: false` or when listening on one non-loopback interface,
   * where the inspector (loopback only) answers no one.
   */
  readonly inspectorUrl: string | undefined;
  /**
   * Shows shadow evaluation's figures in the inspector (agreement per level and kind,
   * level changes, observed savings): pass it as the policy's `onShadow`.
   */
  recordShadow(event: ShadowEvent): void;
  /** Stops listening, closes every connection (keep-alive ones too) and aborts provider calls. */
  close(): Promise<void>;
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer (got ${value}).`);
  }
  return value;
}

/**
 * Starts the Context Optimization API emulator: a real HTTP server with the whole
 * contract (auth, validation, idempotency, quota, provider adapters) over the local engine.
 *
 * @example
 * ```ts
 * const emulator = await startEmulator();
 * const client = new ContextOptimizerClient({ baseURL: emulator.url, apiKey: emulator.apiKey });
 * // ...
 * await emulator.close();
 * ```
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const apiKeys = options.apiKeys?.length ? [...options.apiKeys] : [generateApiKey()];
  for (const [index, apiKey] of apiKeys.entries()) {
    // A Bearer token is one run of visible characters; anything else could never match.
    if (typeof apiKey !== 'string' || !/^\S+$/.test(apiKey)) {
      throw new RangeError(`apiKeys[${index}] must be a non-empty string without spaces.`);
    }
  }
  // Before anything starts: a broken option is refused, naming it.
  const embed = checkEmbedSettings(options);
  const clock = options.now ?? (() => new Date());
  const headersTimeoutMs = positive(
    'headersTimeoutMs',
    options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
  );
  const requestTimeoutMs = positive(
    'requestTimeoutMs',
    options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  );
  const maxRecorded = options.maxRecordedRequests ?? DEFAULT_MAX_RECORDED_REQUESTS;
  const closing = new AbortController();
  const faults = new Faults();
  const ledger = new QuotaLedger({ limitTokens: options.limitTokens, now: clock });
  const requests: RequestRecord[] = [];
  let requestCount = 0;
  const inFlight = new Set<Promise<void>>();
  const secrets = secretForms([...apiKeys, ...Object.values(options.providerKeys ?? {})]);
  const redactor = createOutputRedactor(secrets);
  const onError = options.onError;

  const state = {
    authenticate: createAuthenticator(apiKeys),
    ledger,
    idempotency: new IdempotencyStore<Reply>({
      ttlMs: options.idempotencyTtlMs,
      maxEntries: options.idempotencyMaxEntries,
      maxBytes: options.idempotencyMaxBytes,
      sizeOf: replyBytes,
      now: () => clock().getTime(),
    }),
    providers: createProviderRegistry(options),
    engine: createEngineRunner(),
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
    requestTimeoutMs,
    closing: closing.signal,
    ...(embed ? { embed } : {}),
    ...(onError ? { onError: (error: unknown) => onError(redactor.error(error)) } : {}),
  };
  const inspector =
    options.inspector === false
      ? undefined
      : createInspector({
          ledger,
          apiKeys,
          secrets,
          maxOperations: options.inspectorMaxOperations,
          maxTextChars: options.inspectorMaxTextChars,
          now: clock,
        });
  const context: HandlerContext = {
    state,
    faults,
    record(received, served) {
      const entry = redactor.record(received);
      requests.push(entry);
      if (requests.length > maxRecorded) requests.shift();
      inspector?.record(entry, served);
      options.onRequest?.(entry);
    },
    wait: (ms: number) => waitUnlessClosed(ms, closing.signal),
    redactor,
  };

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      // A backstop only: the body timer of each request answers 408 in the contract's shape first.
      requestTimeout: headersTimeoutMs + requestTimeoutMs + 1000,
      // How often Node checks those two timeouts.
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(headersTimeoutMs / 4))),
    },
    (request, response) => {
      // The inspector's own pages are not API requests: not counted, not recorded.
      if (inspector?.handles(request)) {
        try {
          inspector.serve(request, response);
        } catch (error) {
          // Reported and answered, never a request left hanging or a thrown listener.
          state.onError?.(error);
          if (!response.headersSent) response.writeHead(500, { 'cache-control': 'no-store' });
          response.end();
        }
        return;
      }
      requestCount++;
      // A failure after the answer (a request record, an `onRequest` that throws) is reported,
      // never left as an unhandled rejection that would stop the process.
      const handled = handleRequest(request, response, context).catch((error: unknown) =>
        state.onError?.(error),
      );
      inFlight.add(handled);
      void handled.finally(() => inFlight.delete(handled));
    },
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    answerClientError(error, socket, (requestId, status, code) =>
      context.record({
        requestId,
        method: '',
        path: '',
        status,
        code,
        replayed: false,
        durationMs: 0,
      }),
    );
  });
  // The engine is loaded before the first request, not during it: here for small requests,
  // in a worker of the pool for large ones.
  warmUpEngine();
  await state.engine.warm();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? DEFAULT_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<void> | undefined;

  const url = `http://${host}:${address.port}`;
  return {
    url,
    inspectorUrl: inspector ? inspectorUrl(address.address, address.port) : undefined,
    recordShadow: (event) => inspector?.recordShadow(event),
    port: address.port,
    apiKey: apiKeys[0]!,
    apiKeys,
    faults,
    ledger,
    requests,
    get requestCount() {
      return requestCount;
    },
    close() {
      closed ??= (async () => {
        // Provider calls stop and delays end: a request still running answers 503
        // shutting_down, which its client may retry elsewhere, instead of a reset socket.
        closing.abort();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await settledWithin([...inFlight], CLOSE_GRACE_MS);
        server.closeAllConnections();
        await stopped;
        await state.engine.close();
      })();
      return closed;
    },
  };
}

/** The bytes a stored answer holds: its body, its headers, and the record around them. */
function replyBytes(reply: Reply): number {
  let bytes = reply.body.length + reply.requestId.length + 64;
  for (const [name, value] of Object.entries(reply.headers ?? {})) {
    bytes += name.length + String(value).length;
  }
  return bytes;
}

/** How long `close()` lets running requests write their answer before cutting every connection. */
const CLOSE_GRACE_MS = 1000;

function settledWithin(running: Promise<unknown>[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void Promise.allSettled(running).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function waitUnlessClosed(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
