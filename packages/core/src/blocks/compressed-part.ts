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

/** The note after a compressed part: it says the text was compressed and how to get the original. */
function handleNote(handle: string): string {
  return `compressed: ${RETRIEVE_TOOL_NAME} {"handle":"${handle}"}`;
}

/**
 * The text that replaces a compressed part: the compression, then one line with its
 * handle, so the model can ask for the original when the compression is not enough.
 * The same bytes for the same compression, in every call and every integration. The note
 * is all the part carries besides its compression (no header): every later call reads
 * it again, so it says what it must (compressed, and the tool call that gets the original)
 * in as few tokens as it can.
 */
export function compressedPartText(compressed: string, handle: string): string {
  const note = handleNote(handle);
  // A JSON part stays JSON: the note goes inside it (compressed-json.ts).
  return withJsonNote(compressed, note) ?? `${compressed}\n[${note}]`;
}

// The note as `compressedPartText` ends a text with it, or as the first member of a JSON part.
const endingNote = /\n\[compressed: ctxopt_retrieve \{"handle":"cx[0-9a-f]{32}"\}\]$/;
const jsonNote =
  /^\{"\$+compressed":"compressed: ctxopt_retrieve \{\\"handle\\":\\"cx[0-9a-f]{32}\\"\}"/;

/** Whether `text` is a compressed part's text (`compressedPartText`): it carries its own note. */
export function carriesHandleNote(text: string): boolean {
  return endingNote.test(text) || jsonNote.test(text);
}
