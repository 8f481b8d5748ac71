import { secretList } from '@ctxopt/core';

/** `%xx` escapes in lower case: a client may write them either way. */
const lowerEscapes = (text: string) =>
  text.replace(/%[0-9A-F]{2}/g, (sequence) => sequence.toLowerCase());

/**
 * Every form in which a secret can show up in what the emulator keeps or serves: as it
 * is, escaped inside a JSON string (a key with `"`, `\` or a control character), and
 * URL-encoded (upper- and lower-case escapes, as a path or a query string carries it),
 * ready for `redactSecrets` (longest first).
 */
export function secretForms(secrets: readonly (string | undefined)[]): string[] {
  return secretList(
    secretList(secrets).flatMap((secret) => {
      const json = JSON.stringify(secret).slice(1, -1);
      const component = encodeURIComponent(secret);
      const uri = encodeURI(secret);
      return [
        secret,
        json,
        component,
        lowerEscapes(component),
        uri,
        lowerEscapes(uri),
        // Both at once: a URL-encoded key inside a JSON string is written as it is, and a
        // JSON-escaped key sent in a URL is URL-encoded.
        encodeURIComponent(json),
      ];
    }),
  );
}
