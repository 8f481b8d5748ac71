/** The tool through which the model asks for a compressed part's original. */
export const RETRIEVE_TOOL_NAME = 'ctxopt_retrieve';

/**
 * The text that replaces a compressed part: the compression, then one line with its
 * handle, so the model can ask for the original when the compression is not enough.
 * The same bytes for the same compression, in every call and every integration.
 */
export function compressedPartText(compressed: string, handle: string): string {
  return `${compressed}\n[compressed; the original: ${RETRIEVE_TOOL_NAME} {"handle":"${handle}"}]`;
}
