import { EventEmitter } from 'node:events';
import { type Dispatcher, request } from 'undici';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from '../errors.ts';

export interface Attempt {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds for the whole attempt: connect, headers and body. */
  timeout: number;
  /** When absent, undici's global dispatcher: a process-wide keep-alive Agent (and what nock replaces in tests). */
  dispatcher: Dispatcher | undefined;
  signal: AbortSignal | undefined;
  /** Bytes of response body read at most; past it the body is dropped unread. */
  maxResponseBytes: number;
}

export interface AttemptResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body passed `maxResponseBytes`: `body` is empty and the rest was never read. */
  exceeded: boolean;
}

/** undici's own deadlines (the dispatcher's connect, headers and body timeouts) are timeouts too. */
const timeoutCodes = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Sends one POST and reads the whole body. Failures come back typed: the caller's abort
 * as `APIUserAbortError`, the attempt's own deadline as `APIConnectionTimeoutError`,
 * anything else on the way as `APIConnectionError`.
 *
 * undici takes an EventEmitter as its abort signal. One per attempt is far cheaper than
 * an AbortController (whose EventTarget costs about a tenth of a loopback call:
 * bench/client-overhead.ts), and undici's own headers/body timeouts are too coarse for
 * sub-second deadlines.
 */
export async function sendAttempt(attempt: Attempt, description: string): Promise<AttemptResponse> {
  if (attempt.signal?.aborted) throw new APIUserAbortError();
  const abort = new EventEmitter();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.emit('abort');
  }, attempt.timeout);
  const onUserAbort = () => abort.emit('abort');
  attempt.signal?.addEventListener('abort', onUserAbort, { once: true });
  try {
    const response = await request(attempt.url, {
      method: 'POST',
      headers: attempt.headers,
      body: attempt.body,
      signal: abort,
      ...(attempt.dispatcher ? { dispatcher: attempt.dispatcher } : {}),
    });
    const body = await readLimited(response, attempt.maxResponseBytes);
    return {
      status: response.statusCode,
      headers: response.headers,
      body: body ?? '',
      exceeded: body === undefined,
    };
  } catch (cause) {
    if (attempt.signal?.aborted) throw new APIUserAbortError(undefined, { cause });
    if (timedOut || timeoutCodes.has((cause as { code?: string }).code ?? '')) {
      throw new APIConnectionTimeoutError(`${description} timed out after ${attempt.timeout} ms.`, {
        cause,
      });
    }
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new APIConnectionError(`${description} failed to connect: ${reason}`, { cause });
  } finally {
    clearTimeout(timer);
    attempt.signal?.removeEventListener('abort', onUserAbort);
  }
}

/**
 * The body as text, or `undefined` once it passes `maxBytes`: the stream is destroyed
 * there, which closes the connection, so a server that sends without end costs no more
 * than `maxBytes` of memory. A `Content-Length` above the limit is refused before reading;
 * one within it is read in one go (the HTTP parser stops at the declared length, and the
 * fast path keeps the common case as cheap as before); a body without one is counted.
 */
async function readLimited(
  response: Dispatcher.ResponseData,
  maxBytes: number,
): Promise<string | undefined> {
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes) {
    response.body.destroy();
    return undefined;
  }
  if (declared <= maxBytes) return response.body.text();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
