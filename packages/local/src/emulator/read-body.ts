import type { IncomingMessage } from 'node:http';

export type BodyResult =
  | { ok: true; body: Buffer }
  | { ok: false; reason: 'too_large' | 'timeout' | 'aborted' };

/**
 * Reads a request body up to `maxBytes`. It gives up as soon as the limit is passed or
 * the time is up, without holding more than `maxBytes`: the caller answers and closes.
 */
export function readBody(
  request: IncomingMessage,
  options: { maxBytes: number; timeoutMs: number },
): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyResult) => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('aborted', onAborted);
      request.off('error', onAborted);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) {
        chunks.length = 0;
        // Stop taking bytes in; the socket is closed once the 413 is written.
        request.pause();
        finish({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onAborted = () => finish({ ok: false, reason: 'aborted' });
    const timer = setTimeout(() => {
      request.pause();
      finish({ ok: false, reason: 'timeout' });
    }, options.timeoutMs);
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('aborted', onAborted);
    request.on('error', onAborted);
  });
}
