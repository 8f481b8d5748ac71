/** What every secret becomes in the inspector's texts. */
export const REDACTED = '[redacted]';

/**
 * Replaces each secret (API keys, provider keys) wherever it occurs in a text. The
 * inspector shows contexts as callers sent them, and a caller may paste a key into
 * one; the page and its JSON must never carry it.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  // Longest first, so a key that contains another is replaced whole.
  const ordered = [...new Set(secrets.filter((secret) => secret.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  return (text) => {
    let result = text;
    for (const secret of ordered) {
      if (result.includes(secret)) result = result.replaceAll(secret, REDACTED);
    }
    return result;
  };
}
