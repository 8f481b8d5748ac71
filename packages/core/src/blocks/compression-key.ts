import type { CompressionLevel, CompressionMode } from '../schemas.ts';
import type { StoreScope } from '../store/store-scope.ts';

/** Bumped when the stored record or the way a part is sent changes, so old entries are never misread. */
const KEY_VERSION = 'b2';

export interface CompressionKeyInput {
  role: string;
  text: string;
  query?: string | undefined;
  level?: CompressionLevel | undefined;
  mode?: CompressionMode | undefined;
}

/**
 * The store key of one part's compression: the tenant, then an HMAC (under the scope's
 * secret) of what is sent and how. The same text under the same settings gets the same
 * key in every call, process and instance of one scope, and a different one in any other
 * scope; the key tells nothing of the text to whoever reads the store.
 */
export function compressionKey(scope: StoreScope, input: CompressionKeyInput): string {
  const digest = scope.mac(
    'compression',
    KEY_VERSION,
    input.role,
    input.text,
    input.query ?? '',
    input.level ?? '',
    input.mode ?? '',
  );
  return `c2:${scope.tenant}:${digest}`;
}

/**
 * The handle a compressed part carries, by which the model (through the `ctxopt_retrieve`
 * tool) asks for the original back: 128 bits of an HMAC of the part's key and the
 * conversation, so the same part has another handle in another conversation or scope,
 * and nobody without the secret can make one up.
 */
export function handleOf(scope: StoreScope, key: string, conversation: string): string {
  return `cx${scope.mac('handle', key, conversation).slice(0, 32)}`;
}

/** The store key under which the original text behind a handle is kept, for one conversation. */
export function originalKey(scope: StoreScope, conversation: string, handle: string): string {
  return `o2:${scope.tenant}:${scope.mac('original', conversation, handle)}`;
}
