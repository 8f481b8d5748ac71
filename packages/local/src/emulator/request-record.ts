/** One request the emulator received, as the request log and `emulator.requests` show it. */
export interface RequestRecord {
  /** The `requestId` of the answer (the original one for a replay). */
  requestId: string;
  method: string;
  path: string;
  /** The status answered, or `null` when the socket was dropped by a fault. */
  status: number | null;
  /** The `error.code` of an error answer. */
  code?: string;
  /** The Idempotency-Key header as received (its first 256 characters; `path` too). */
  idempotencyKey?: string;
  /** True when the answer was a stored response (`Idempotent-Replayed: true`). */
  replayed: boolean;
  /** The fault that acted on this request, if one was queued. */
  fault?: 'fail' | 'delay' | 'drop' | 'malformed';
  durationMs: number;
}
