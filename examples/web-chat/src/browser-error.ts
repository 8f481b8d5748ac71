import { redactSecrets, secretList } from '@ctxopt/core';

/** What a failure looks like on the server's terminal: its text with every key taken out. */
export function redactedError(error: unknown, secrets: readonly (string | undefined)[]): string {
  const forms = secretList(
    secrets.flatMap((secret) =>
      secret ? [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)] : [],
    ),
  );
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return redactSecrets(text, forms);
}

/**
 * What the browser is told when the model call fails: that it failed, and the status the
 * provider answered, never the provider's message (a provider may echo the API key, the
 * prompt or its internals into it). The whole error goes to the server's log, redacted.
 */
export function browserErrorMessage(error: unknown): string {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number'
    ? `The model call failed (the provider answered ${status}). The server's log has the details.`
    : "The model call failed. The server's log has the details.";
}
