import { carriesHandleNote } from '../blocks/compressed-part.ts';
import { withJsonNote } from './compressed-json.ts';

/** The line that introduces a compressed span, so the model reads it as earlier history. */
export const COMPRESSED_HISTORY_HEADER = 'Earlier conversation (compressed):';

/**
 * The text of the one message that takes the place of a compressed span: the same wording
 * in every integration, so a prompt reads alike whichever framework built it.
 */
export function compressedHistoryText(compressedText: string): string {
  return `${COMPRESSED_HISTORY_HEADER}\n\n${compressedText}`;
}

/** The line that introduces a compressed tool result, so the model knows it was shortened. */
export const COMPRESSED_TOOL_RESULT_HEADER = 'Tool result (compressed):';

/**
 * The text of a tool result compressed in place: the same wording in every integration.
 * A JSON result stays JSON, the header a `"$compressed"` member inside it (compressed-json.ts).
 * A block mode part goes as it is: its handle note already says it was compressed, and a
 * header too would be read again on every later call (8 tokens a result).
 */
export function compressedToolResultText(compressedText: string): string {
  if (carriesHandleNote(compressedText)) return compressedText;
  return (
    withJsonNote(compressedText, COMPRESSED_TOOL_RESULT_HEADER.replace(/:$/, '')) ??
    `${COMPRESSED_TOOL_RESULT_HEADER}\n\n${compressedText}`
  );
}
