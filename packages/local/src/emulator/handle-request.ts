import type { IncomingMessage, ServerResponse } from 'node:http';
import { detached } from './detached.ts';
import type { Faults } from './faults.ts';
import { type EmulatorState, type ProcessedOutcome, processRequest } from './process-request.ts';
import type { OutputRedactor } from './redact-output.ts';
import { createRequestId, errorReply } from './reply.ts';
import type { RequestRecord } from './request-record.ts';

export interface HandlerContext {
  state: EmulatorState;
  faults: Faults;
  /**
   * Called once per request, when it was answered or dropped, with what was served
   * (the operation, its params and the answer) for the inspector.
   */
  record(entry: RequestRecord, served?: ProcessedOutcome): void;
  /** Waits `ms`, or less if the emulator closes first. */
  wait(ms: number): Promise<void>;
  /** Takes every configured secret out of what is answered. */
  redactor: OutputRedactor;
}

/** Characters a request record keeps of the method, the path and the Idempotency-Key. */
export const RECORDED_FIELD_CHARS = 256;

const MALFORMED_BODY = '<html><body>502 Bad Gateway</body></html>';

/** The server's request listener: faults first, then the contract, then the answer. */
export async function handleRequest(
  request: IncomingMessage,
  response: ServerResponse,
  context: HandlerContext,
): Promise<void> {
  const started = performance.now();
  const requestId = createRequestId();
  const header = request.headers['idempotency-key'];
  // The record keeps a bounded prefix of what the caller chose (a path, a key of any length).
  const base = {
    method: detached((request.method ?? '').slice(0, RECORDED_FIELD_CHARS)),
    path: detached((request.url ?? '/').split('?')[0]!.slice(0, RECORDED_FIELD_CHARS)),
    ...(typeof header === 'string'
      ? { idempotencyKey: detached(header.slice(0, RECORDED_FIELD_CHARS)) }
      : {}),
  };
  const fault = context.faults.take();
  const finish = (status: number | null, outcome?: ProcessedOutcome) => {
    const entry: RequestRecord = {
      ...base,
      requestId: outcome?.reply.requestId ?? requestId,
      status,
      ...(outcome?.reply.code ? { code: outcome.reply.code } : {}),
      replayed: outcome?.replayed ?? false,
      ...(fault ? { fault: fault.kind } : {}),
      durationMs: Math.round(performance.now() - started),
    };
    context.record(entry, outcome);
  };

  if (fault?.kind === 'drop') {
    request.socket.destroy();
    finish(null);
    return;
  }
  let outcome: ProcessedOutcome;
  if (fault?.kind === 'fail') {
    const reply = errorReply(fault.status, requestId, fault.code, fault.message, {
      headers: fault.headers,
    });
    outcome = { reply, replayed: false, close: false };
  } else if (fault?.kind === 'malformed') {
    const reply = {
      status: 200,
      requestId,
      body: Buffer.from(MALFORMED_BODY),
      headers: { 'content-type': 'text/html' },
    };
    outcome = { reply, replayed: false, close: false };
  } else {
    try {
      outcome = await processRequest(request, requestId, context.state);
    } catch (error) {
      context.state.onError?.(error);
      const reply = errorReply(
        500,
        requestId,
        'internal_error',
        'The emulator failed unexpectedly.',
      );
      outcome = { reply, replayed: false, close: false };
    }
    if (fault?.kind === 'delay') await context.wait(fault.ms);
  }
  const sent = { ...outcome, reply: context.redactor.reply(outcome.reply) };
  const written = write(response, sent);
  finish(sent.reply.status, sent);
  await written;
}

/** Writes the answer; resolves once it is handed to the socket, so `close()` can wait for it. */
function write(response: ServerResponse, outcome: ProcessedOutcome): Promise<void> {
  if (response.destroyed || response.socket?.destroyed) return Promise.resolve();
  const { reply } = outcome;
  response.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(reply.body.length),
    'cache-control': 'no-store',
    'request-id': reply.requestId,
    ...reply.headers,
    ...(outcome.replayed ? { 'idempotent-replayed': 'true' } : {}),
    ...(outcome.close ? { connection: 'close' } : {}),
  });
  return new Promise((resolve) => {
    response.once('close', resolve);
    response.end(reply.body, resolve);
  });
}
