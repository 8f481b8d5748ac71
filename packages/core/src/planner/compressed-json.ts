/**
 * A tool result or message that is one JSON document (an API response, say) stays valid
 * JSON when it is compressed: only a compression that is JSON too may replace it (else
 * the original stays), and the note saying it was compressed goes inside the document, as
 * a `"$compressed"` member, rather than as a line of text around it. The note is spliced
 * in as text, so the compression's numbers keep their exact text.
 */

/** Whether `text` is one JSON object or array. */
export function isJsonDocument(text: string): boolean {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether `compressed` may replace `original`: a JSON document only by a JSON document. */
export function keepsJsonShape(original: string, compressed: string): boolean {
  return !isJsonDocument(original) || isJsonDocument(compressed);
}

/**
 * `document` (one JSON object or array, as text) with `note` as its first member,
 * `"$compressed"` (or `"$$compressed"` and so on, when the object has that key already).
 * An array becomes `{"$compressed": note, "$items": [...]}`.
 */
export function withJsonNote(document: string, note: string): string {
  const text = document.trim();
  const value = JSON.stringify(note);
  if (text.startsWith('[')) return `{"$compressed":${value},"$items":${text}}`;
  const members = JSON.parse(text) as object;
  let key = '$compressed';
  while (Object.hasOwn(members, key)) key = `$${key}`;
  const rest = text.slice(1).trimStart();
  const member = `${JSON.stringify(key)}:${value}`;
  return rest.startsWith('}') ? `{${member}}` : `{${member},${rest}`;
}
