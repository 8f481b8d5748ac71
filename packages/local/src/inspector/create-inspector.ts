import type { IncomingMessage, ServerResponse } from 'node:http';
import { redactSecrets, redactSecretsDeep, type ShadowEvent, secretList } from '@ctxopt/core';
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

/** Bytes of JSON `GET /inspector/api/state` answers at most (operations beyond go to the next page). */
export const MAX_STATE_BYTES = 1024 * 1024;
/** Operations on one page of the state, at most and by default. */
export const MAX_STATE_PAGE = 100;

interface StatePage {
  limit: number;
  before: number;
}

/** The page `?limit=&before=` asks for, or what is wrong with it. */
function statePage(url: string): StatePage | string {
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const limit = query.get('limit');
  const before = query.get('before');
  const page = { limit: MAX_STATE_PAGE, before: Number.POSITIVE_INFINITY };
  if (limit !== null) {
    if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_STATE_PAGE) {
      return `limit must be an integer from 1 to ${MAX_STATE_PAGE}.`;
    }
    page.limit = Number(limit);
  }
  if (before !== null) {
    if (!/^\d{1,15}$/.test(before)) return 'before must be an operation id (a positive integer).';
    page.before = Number(before);
  }
  return page;
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

  const state = (page: StatePage): InspectorState => {
    const head = {
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
      ...(shadow.state() ? { shadow: shadow.state() } : {}),
    };
    // Each summary is bounded (MAX_FIELD_CHARS a field); the page is bounded in bytes too.
    let bytes = Buffer.byteLength(JSON.stringify(head));
    let more = false;
    let taken = 0;
    const operations = log.list(page.before, (summary) => {
      const size = Buffer.byteLength(JSON.stringify(summary)) + 1;
      if (taken >= page.limit || bytes + size > MAX_STATE_BYTES) {
        more = true;
        return false;
      }
      bytes += size;
      taken++;
      return true;
    });
    // The walk stops early only when an older operation did not fit: then there is a next page.
    return { ...head, operations, nextBefore: more ? (operations.at(-1)?.id ?? null) : null };
  };

  // Every string is redacted before it is written as JSON, in every form a key can take:
  // redacting the JSON text instead could cut through its quotes.
  const json = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: unknown,
  ) =>
    send(
      request,
      response,
      status,
      'application/json',
      JSON.stringify(redactSecretsDeep(body, secrets)),
    );

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
      if (path === '/inspector/api/state') {
        const page = statePage(request.url ?? '');
        if (typeof page === 'string') return json(request, response, 400, { error: page });
        return json(request, response, 200, state(page));
      }
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
