import { redactSecrets, redactSecretsDeep } from '@ctxopt/core';
import type { Reply } from './reply.ts';
import type { RequestRecord } from './request-record.ts';

/**
 * The one gate between the emulator and the outside: every answer, request record (the
 * CLI's log lines) and error report passes here, and no configured secret (API keys,
 * provider keys) gets through, whatever a provider or a client sent. The answer's bytes
 * are rewritten only when a secret occurs in them, so replays stay byte for byte.
 */
export function createOutputRedactor(secrets: readonly string[]) {
  // A secret inside a JSON string is written escaped when it holds `"`, `\` or a control character.
  const forms = secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]);
  const occursIn = (text: string | Buffer) => forms.some((form) => text.includes(form));

  function reply(original: Reply): Reply {
    const headerValues = Object.values(original.headers ?? {});
    if (!occursIn(original.body) && !headerValues.some(occursIn)) return original;
    const text = original.body.toString('utf8');
    let body: string;
    try {
      body = JSON.stringify(redactSecretsDeep(JSON.parse(text), secrets));
    } catch {
      body = redactSecrets(text, secrets);
    }
    const headers = original.headers && redactSecretsDeep(original.headers, secrets);
    return {
      ...original,
      body: Buffer.from(body),
      ...(headers ? { headers } : {}),
      ...(original.code === undefined ? {} : { code: redactSecrets(original.code, secrets) }),
    };
  }

  function record(entry: RequestRecord): RequestRecord {
    return redactSecretsDeep(entry, secrets);
  }

  /** An unexpected failure as `onError` sees it: message and stack without a secret. */
  function error(failure: unknown): unknown {
    if (!(failure instanceof Error)) return redactSecrets(String(failure), secrets);
    const text = `${failure.message}\n${failure.stack ?? ''}`;
    if (!occursIn(text)) return failure;
    const redacted = new Error(redactSecrets(failure.message, secrets));
    redacted.name = failure.name;
    redacted.stack = redactSecrets(failure.stack ?? '', secrets);
    return redacted;
  }

  return { reply, record, error };
}

export type OutputRedactor = ReturnType<typeof createOutputRedactor>;
