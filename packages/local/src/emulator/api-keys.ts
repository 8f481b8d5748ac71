import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh development key, printed by the CLI. */
export function generateApiKey(): string {
  return `ctxopt_dev_${randomBytes(18).toString('base64url')}`;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export type Authentication =
  | { ok: true; apiKey: string }
  | { ok: false; code: 'missing_api_key' | 'invalid_api_key'; message: string };

/**
 * Checks `Authorization: Bearer <key>` against the configured keys. Digests of equal
 * length are compared with `timingSafeEqual`, and every key is compared, so the time
 * taken says nothing about how much of a key was right.
 */
export function createAuthenticator(apiKeys: readonly string[]) {
  const known = apiKeys.map((apiKey) => ({ apiKey, digest: digest(apiKey) }));
  return function authenticate(header: string | undefined): Authentication {
    const match = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
    if (!match) {
      return {
        ok: false,
        code: 'missing_api_key',
        message: 'Authorization header must be "Bearer <API key>".',
      };
    }
    const candidate = digest(match[1]!);
    let found: string | undefined;
    for (const entry of known) {
      if (timingSafeEqual(candidate, entry.digest) && found === undefined) found = entry.apiKey;
    }
    if (found === undefined) {
      return { ok: false, code: 'invalid_api_key', message: 'The API key is not valid.' };
    }
    return { ok: true, apiKey: found };
  };
}
