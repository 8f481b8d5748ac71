/**
 * A copy of `text` that holds its own characters. V8 makes a slice of a long string a
 * view that keeps the whole string alive: the first 256 characters of a 5 MB model name,
 * kept in a log, would keep all 5 MB. Whatever is kept beyond a request is detached.
 */
export function detached(text: string): string {
  return text.length === 0 ? text : Buffer.from(text, 'utf16le').toString('utf16le');
}
