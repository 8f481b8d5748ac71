import type { GuardedStore } from '../store/guarded-store.ts';
import { reportRejectedRecord } from '../store/rejected-record.ts';
import type { StoreScope } from '../store/store-scope.ts';
import { originalKey } from './compression-key.ts';
import { isRejection } from './stored-compression.ts';
import { parseOriginal } from './stored-original.ts';

/** The handle's shape as a regular expression source, for the tools' input schemas. */
export const HANDLE_PATTERN = '^cx[0-9a-f]{32}$';

const handlePattern = new RegExp(HANDLE_PATTERN);

/** Whether `value` has the shape of a handle (`cx` and 32 hex digits). */
export function isHandle(value: unknown): value is string {
  return typeof value === 'string' && handlePattern.test(value);
}

/** At most this many characters of a bad input are echoed back (it goes into the next prompt). */
const ECHO_LIMIT = 40;

/** The start of a bad input, for an error message: never more than a short prefix. */
export function echoInput(value: unknown): string {
  if (typeof value !== 'string') return value === undefined ? 'nothing' : `a ${typeof value}`;
  const shown = JSON.stringify(value.slice(0, ECHO_LIMIT));
  return value.length > ECHO_LIMIT ? `${shown}… (${value.length} characters)` : shown;
}

/**
 * The `TypeError` for a malformed handle: names the field and the rule, and echoes no more
 * than a short prefix of what was given.
 */
export function handleError(handle: unknown): TypeError {
  return new TypeError(
    `ctxopt_retrieve: handle must be "cx" followed by 32 hex digits, as printed after a compressed text (got ${echoInput(handle)}).`,
  );
}

/** Where the original of a handle is looked for: the scope and the conversation of the call. */
export interface RetrieveScope {
  scope: StoreScope;
  /** `conversationIdOf` the messages of the call that asked. */
  conversation: string;
  signal?: AbortSignal | undefined;
}

/**
 * The original text of a compressed part, by the handle its compression carries, for the
 * `ctxopt_retrieve` tool of each integration. Only originals stored by the same scope and
 * conversation are found. A malformed handle throws a `TypeError` naming the field and the
 * rule; an unknown one (or one of another scope or conversation) gives a sentence the
 * model can read instead of the original, and a store that cannot answer in time another
 * (the original may well be there).
 */
export async function retrieveOriginal(
  store: GuardedStore,
  where: RetrieveScope,
  handle: unknown,
): Promise<string> {
  if (!isHandle(handle)) throw handleError(handle);
  const key = originalKey(where.scope, where.conversation, handle);
  const read = await store.read(key, where.signal);
  if (read.status === 'unavailable') {
    return `The original of ${handle} is unavailable right now (the store did not answer in time); answer from the compressed text.`;
  }
  if (read.status === 'found') {
    const original = parseOriginal(where.scope, key, read.value);
    if (!isRejection(original)) return original.text;
    reportRejectedRecord(key, original.rejected);
  }
  return `No original is stored for ${handle} in this conversation; answer from the compressed text.`;
}
