import { createHash } from 'node:crypto';
import type { CompressionLevel, CompressionMode } from '../schemas.ts';

/** Bumped when the stored record or the way a part is sent changes, so old entries are never misread. */
const KEY_VERSION = 'b1';

export interface CompressionKeyInput {
  role: string;
  text: string;
  query?: string | undefined;
  level?: CompressionLevel | undefined;
  mode?: CompressionMode | undefined;
}

/**
 * The store key of one part's compression: a SHA-256 of what is sent and how. The same
 * text under the same settings gets the same key in every call, every process and every
 * instance sharing a store.
 */
export function compressionKey(input: CompressionKeyInput): string {
  const material = JSON.stringify([
    KEY_VERSION,
    input.role,
    input.text,
    input.query ?? null,
    input.level ?? null,
    input.mode ?? null,
  ]);
  return createHash('sha256').update(material).digest('hex');
}

/**
 * The short handle a compressed part carries, by which the model (through the
 * `ctxopt_retrieve` tool) asks for the original back: 12 hex digits of the key.
 */
export function handleOf(key: string): string {
  return `cx${key.slice(0, 12)}`;
}

/** The store key under which the original text of a handle is kept. */
export function originalKey(handle: string): string {
  return `original:${handle}`;
}
