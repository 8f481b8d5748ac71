import type { IncomingMessage, ServerResponse } from 'node:http';
import { redactSecrets, type ShadowEvent, secretList } from '@ctxopt/core';
import type { ProcessedOutcome } from '../emulator/process-request.ts';
import type { QuotaLedger } from '../emulator/quota-ledger.ts';
import type { RequestRecord } from '../emulator/request-record.ts';
import { inspectOperation } from './inspected-operation.ts';
import { inspectorPage } from './inspector-page.ts';
import { inspectorScript } from './inspector-script.ts';
import type { InspectorState } from './inspector-state.ts';
import { inspectorStyle } from './inspector-style.ts';
import { isLoopbackRequest } from './loopback.ts';
import { operationDetail } from './operation-detail.ts';
import {
  DEFAULT_INSPECTOR_MAX_OPERATIONS,
  DEFAULT_INSPECTOR_MAX_TEXT_CHARS,
  OperationLog,
} from './operation-log.ts';
import { ShadowFigures } from './shadow-figures.ts';

export interface InspectorSettings {
  ledger: QuotaLedger;
  /** The accepted API keys: their quota is shown under their position, never their text. */
  apiKeys: readonly string[];
  /** Every secret to keep off the page: API keys and provider keys. */
  secrets: readonly string[];
  maxOperations?: number;
  maxTextChars?: number;
  now: () => Date;
}

/** The inspector served by the emulator: its log of operations and its routes. */
export interface Inspector {
  /** Keeps one answered request (the emulator's record hook). */
  record(entry: RequestRecord, served: ProcessedOutcome | undefined): void;
  /** Keeps the figures of one shadow evaluation event. */
  recordShadow(event: ShadowEvent): void;
  /** True for the inspector's routes: `GET /`, `GET /favicon.ico` and `GET /inspector/...`. */
  handles(request: IncomingMessage): boolean;
  serve(request: IncomingMessage, response: ServerResponse): void;
}

const securityHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  // The page loads its own script and style only, and talks to its own origin only.
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  type: string,
  body: string,
) {
  const bytes = Buffer.from(body);
  response.writeHead(status, {
    ...securityHeaders,
    'content-type': `${type}; charset=utf-8`,
    'content-length': String(bytes.length),
  });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer (got ${value}).`);
  }
  return value;
}

export function createInspector(settings: InspectorSettings): Inspector {
  const log = new OperationLog(settings.maxOperations ?? DEFAULT_INSPECTOR_MAX_OPERATIONS);
  const maxTextChars = positive(
    'inspectorMaxTextChars',
    settings.maxTextChars ?? DEFAULT_INSPECTOR_MAX_TEXT_CHARS,
  );
  // The inspector shows contexts as callers sent them, and a caller may paste a key into one.
  const secrets = secretList(settings.secrets);
  const redact = (text: string) => redactSecrets(text, secrets);
  const limits = { maxTextChars, redact };
  const startedAt = settings.now().toISOString();
  const shadow = new ShadowFigures(settings.now);

  const state = (): InspectorState => ({
    inspector: {
      startedAt,
      maxOperations: log.maxOperations,
      maxTextChars,
      recordedOperations: log.recorded,
    },
    quota: settings.apiKeys.map((apiKey, index) => ({
      label: settings.apiKeys.length === 1 ? 'API key' : `API key ${index + 1}`,
      operations: settings.ledger.operations(apiKey),
      ...settings.ledger.usage(apiKey),
    })),
    savings: { totalSavedTokens: log.totalSavedTokens, points: log.savings() },
    operations: log.list(),
    ...(shadow.state() ? { shadow: shadow.state() } : {}),
  });

  const json = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: unknown,
  ) => send(request, response, status, 'application/json', redact(JSON.stringify(body)));

  return {
    record(entry, served) {
      log.add((id) => inspectOperation(id, settings.now(), entry, served, limits));
    },
    recordShadow(event) {
      shadow.record(event);
    },
    handles(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = (request.url ?? '/').split('?')[0]!;
      return path === '/' || path === '/favicon.ico' || path.startsWith('/inspector/');
    },
    serve(request, response) {
      if (!isLoopbackRequest(request)) {
        json(request, response, 403, {
          error: 'The inspector answers requests from this machine only.',
        });
        return;
      }
      const path = (request.url ?? '/').split('?')[0]!;
      if (path === '/') return send(request, response, 200, 'text/html', inspectorPage);
      // Browsers ask for it with the page; without an answer it would be an API 404 in the log.
      if (path === '/favicon.ico') return send(request, response, 204, 'image/x-icon', '');
      if (path === '/inspector/inspector.js') {
        return send(request, response, 200, 'text/javascript', inspectorScript);
      }
      if (path === '/inspector/inspector.css') {
        return send(request, response, 200, 'text/css', inspectorStyle);
      }
      if (path === '/inspector/api/state') return json(request, response, 200, state());
      const match = /^\/inspector\/api\/operations\/(\d{1,15})$/.exec(path);
      const operation = match ? log.get(Number(match[1])) : undefined;
      if (operation) return json(request, response, 200, operationDetail(operation));
      json(request, response, 404, {
        error: match
          ? `Operation ${match[1]} is not in the inspector's log (it keeps the newest ${log.maxOperations}).`
          : `No inspector route ${path.slice(0, 200)}.`,
      });
    },
  };
}
