import type { GuardedStore } from '../store/guarded-store.ts';
import { originalKey } from './compression-key.ts';

const handlePattern = /^cx[0-9a-f]{12}$/;

/** Whether `value` has the shape of a handle (`cx` and 12 hex digits). */
export function isHandle(value: unknown): value is string {
  return typeof value === 'string' && handlePattern.test(value);
}

/**
 * The original text of a compressed part, by the handle its compression carries, for the
 * `ctxopt_retrieve` tool of each integration. A malformed handle throws a `TypeError`
 * naming the field and the rule; an unknown or expired one, or a failing store, gives
 * a sentence the model can read instead of the original.
 */
export async function retrieveOriginal(store: GuardedStore, handle: unknown): Promise<string> {
  if (!isHandle(handle)) {
    throw new TypeError(
      `ctxopt_retrieve: handle must be "cx" followed by 12 hex digits, as printed after a compressed text (got ${JSON.stringify(handle)}).`,
    );
  }
  const original = await store.get(originalKey(handle));
  return (
    original ?? `No original is stored for ${handle} any more; answer from the compressed text.`
  );
}
