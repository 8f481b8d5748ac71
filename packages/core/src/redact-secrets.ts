/** What stands in for a secret that was found in a text. */
export const REDACTED = '***';

/**
 * Replaces every occurrence of each secret in `text` with `***`. For what a server or a
 * provider sends back (an error message, a code, a `requestId`, a header): one that
 * echoes the `Authorization` header must not carry the key into an error, a log line or
 * a framework's metadata. Longer secrets go first, so one that contains another is
 * replaced whole.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret !== '' && redacted.includes(secret)) {
      redacted = redacted.replaceAll(secret, REDACTED);
    }
  }
  return redacted;
}

/** `secrets` ready for `redactSecrets`: empty ones dropped, longest first. */
export function secretList(secrets: readonly (string | undefined)[]): string[] {
  return [...new Set(secrets.filter((secret): secret is string => !!secret))].sort(
    (first, second) => second.length - first.length,
  );
}

/** A copy of a JSON value with every string (and object key) passed through `redactSecrets`. */
export function redactSecretsDeep<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === 'string') return redactSecrets(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => redactSecretsDeep(item, secrets)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[redactSecrets(key, secrets)] = redactSecretsDeep(item, secrets);
  }
  return copy as T;
}
