import type { StoreScope } from '../store/store-scope.ts';
import type { RecordRejection } from './stored-compression.ts';

/** The original text of a part as stored under `key`, with an HMAC binding it to the key. */
export function serializeOriginal(scope: StoreScope, key: string, text: string): string {
  return JSON.stringify({ v: 2, t: text, m: scope.mac('original-record', key, text) });
}

/** The original stored under `key`, or a rejection when it is not ours or was changed. */
export function parseOriginal(
  scope: StoreScope,
  key: string,
  value: string,
): { text: string } | RecordRejection {
  try {
    const parsed = JSON.parse(value) as { v?: unknown; t?: unknown; m?: unknown };
    if (parsed?.v !== 2 || typeof parsed.t !== 'string') {
      return { rejected: 'not a record of this version' };
    }
    return parsed.m === scope.mac('original-record', key, parsed.t)
      ? { text: parsed.t }
      : { rejected: 'authentication failed' };
  } catch {
    return { rejected: 'not JSON' };
  }
}
