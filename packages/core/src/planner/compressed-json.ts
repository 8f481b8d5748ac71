/**
 * A tool result or message that is one JSON document (an API response, say) stays valid
 * JSON when it is compressed: only a compression that is JSON too may replace it (else
 * the original stays), and the note saying it was compressed goes inside the document, as
 * a `"$compressed"` member, rather than as a line of text around it. The note is spliced
 * in as text, so the compression's numbers keep their exact text.
 */

/** The object or array `text` holds, or `undefined` when it is not one JSON object or array. */
function parseDocument(text: string): object | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as object;
  } catch {
    return undefined;
  }
}

/** Whether `text` is one JSON object or array. */
export function isJsonDocument(text: string): boolean {
  return parseDocument(text) !== undefined;
}

/** Whether `compressed` may replace `original`: a JSON document only by a JSON document. */
export function keepsJsonShape(original: string, compressed: string): boolean {
  return !isJsonDocument(original) || isJsonDocument(compressed);
}

/**
 * `text` with `note` as its first member, `"$compressed"` (or `"$$compressed"` and so on,
 * when the object has that key already), when it is one JSON object or array; `undefined`
 * when it is not. An array becomes `{"$compressed": note, "$items": [...]}`.
 */
export function withJsonNote(text: string, note: string): string | undefined {
  const members = parseDocument(text);
  if (members === undefined) return undefined;
  const document = text.trim();
  const value = JSON.stringify(note);
  if (Array.isArray(members)) return `{"$compressed":${value},"$items":${document}}`;
  let key = '$compressed';
  while (Object.hasOwn(members, key)) key = `$${key}`;
  const rest = document.slice(1).trimStart();
  const member = `${JSON.stringify(key)}:${value}`;
  return rest.startsWith('}') ? `{${member}}` : `{${member},${rest}`;
}
