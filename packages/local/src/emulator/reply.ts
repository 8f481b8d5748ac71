import { randomBytes } from 'node:crypto';

/** A response ready to write, and to replay byte for byte. */
export interface Reply {
  status: number;
  requestId: string;
  /** The exact body bytes. */
  body: Buffer;
  /** Headers beyond the ones every response gets. */
  headers?: Record<string, string>;
  /** The error code, kept for the request log. */
  code?: string;
}

export function createRequestId(): string {
  return `req_${randomBytes(12).toString('hex')}`;
}

export function jsonReply(
  status: number,
  requestId: string,
  body: unknown,
  headers?: Record<string, string>,
): Reply {
  return { status, requestId, body: Buffer.from(JSON.stringify(body)), headers };
}

/** The error shape of spec 2.5, plus `error.field` when one field is to blame. */
export function errorReply(
  status: number,
  requestId: string,
  code: string,
  message: string,
  extra: { field?: string; headers?: Record<string, string> } = {},
): Reply {
  const error =
    extra.field === undefined ? { code, message } : { code, message, field: extra.field };
  return {
    ...jsonReply(status, requestId, { success: false, requestId, error }, extra.headers),
    code,
  };
}
