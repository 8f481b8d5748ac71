import type { StoreScope } from '../store/store-scope.ts';

/**
 * What the store keeps for one part: its compression, or `null` when the service saved
 * nothing (the part then stays verbatim, and is not sent again).
 */
export interface StoredCompression {
  compressed: string | null;
  inputTokens: number;
  compressedTokens: number;
}

/** Why a stored value was refused; `undefined` from `openCompression` means there was none. */
export type RecordRejection = { rejected: string };

const RECORD_VERSION = 2;

/**
 * Tokens of a text can be no more than its UTF-8 bytes (every token is at least one byte);
 * a little room is left for a service that counts a few framing tokens.
 */
const TOKEN_SLACK = 16;

/**
 * Why a compression of `original` cannot be true, or `undefined` when it can: a
 * compression is no longer than its original, and its figures are finite, non-negative
 * integers, the compressed ones no more than the input, the input no more than the
 * original's bytes allow.
 */
export function implausibleCompression(
  record: StoredCompression,
  original: string,
): string | undefined {
  const { compressed, inputTokens, compressedTokens } = record;
  if (compressed !== null && typeof compressed !== 'string') return 'compressed is not text';
  if (compressed !== null && (compressed.length === 0 || compressed.length > original.length)) {
    return `compressed holds ${compressed.length} characters for an original of ${original.length}`;
  }
  for (const [field, value] of [
    ['inputTokens', inputTokens],
    ['compressedTokens', compressedTokens],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      return `${field} must be a non-negative integer (got ${String(value).slice(0, 40)})`;
    }
  }
  if (compressedTokens > inputTokens) return 'compressedTokens exceeds inputTokens';
  const limit = Buffer.byteLength(original, 'utf8') + TOKEN_SLACK;
  if (inputTokens > limit)
    return `inputTokens ${inputTokens} exceeds what the original allows (${limit})`;
  return undefined;
}

/** The record as stored under `key`: its fields and an HMAC binding them to the key. */
export function serializeCompression(
  scope: StoreScope,
  key: string,
  record: StoredCompression,
): string {
  const { compressed, inputTokens, compressedTokens } = record;
  const fields = [compressed, inputTokens, compressedTokens] as const;
  return JSON.stringify({
    v: RECORD_VERSION,
    c: compressed,
    i: inputTokens,
    o: compressedTokens,
    m: scope.mac('compression-record', key, JSON.stringify(fields)),
  });
}

/**
 * The stored record under `key`, checked: `undefined` when there is none, a rejection when
 * it does not read as ours (older format, foreign or damaged value), its HMAC fails, or it
 * cannot be a compression of `original`. A rejected record is never used.
 */
export function parseCompression(
  scope: StoreScope,
  key: string,
  value: string | undefined,
  original: string,
): StoredCompression | RecordRejection | undefined {
  if (value === undefined) return undefined;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(value) as Record<string, unknown>;
  } catch {
    return { rejected: 'not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || parsed.v !== RECORD_VERSION) {
    return { rejected: 'not a record of this version' };
  }
  const record = {
    compressed: parsed.c as string | null,
    inputTokens: parsed.i as number,
    compressedTokens: parsed.o as number,
  };
  const expected = scope.mac(
    'compression-record',
    key,
    JSON.stringify([record.compressed, record.inputTokens, record.compressedTokens]),
  );
  if (parsed.m !== expected) return { rejected: 'authentication failed' };
  const implausible = implausibleCompression(record, original);
  return implausible === undefined ? record : { rejected: implausible };
}

/** Whether `parseCompression` refused the value. */
export function isRejection(value: unknown): value is RecordRejection {
  return typeof value === 'object' && value !== null && 'rejected' in value;
}
