import { withJsonNote } from '../planner/compressed-json.ts';
import { HANDLE_PATTERN } from './retrieve-original.ts';

/** The tool through which the model asks for a compressed part's original. */
export const RETRIEVE_TOOL_NAME = 'ctxopt_retrieve';

/** What the model reads about that tool, in both integrations. */
export const RETRIEVE_TOOL_DESCRIPTION =
  'Returns the full original of an earlier tool result or message that was compressed. ' +
  'Call it when a compressed text ends with a ctxopt_retrieve handle and you need a detail it left out.';

/** The JSON schema of the tool's input: the handle printed after a compressed text. */
export const RETRIEVE_TOOL_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    handle: {
      type: 'string',
      pattern: HANDLE_PATTERN,
      description:
        'The handle printed after the compressed text, such as cx0123456789abcdef0123456789abcdef.',
    },
  },
  required: ['handle'],
  additionalProperties: false,
} as const;

/**
 * The text that replaces a compressed part: the compression, then one line with its
 * handle, so the model can ask for the original when the compression is not enough.
 * The same bytes for the same compression, in every call and every integration.
 */
export function compressedPartText(compressed: string, handle: string): string {
  const note = `compressed; the original: ${RETRIEVE_TOOL_NAME} {"handle":"${handle}"}`;
  // A JSON part stays JSON: the note goes inside it (compressed-json.ts).
  return withJsonNote(compressed, note) ?? `${compressed}\n[${note}]`;
}
