import { countChunks } from './chunk-counter.ts';
import type { Unit } from './segment.ts';
import { isSafeJoin } from './token-boundary.ts';

/**
 * Joins the kept units in their original order. Where dropped text held a line break,
 * the kept text keeps one (a blank line where there was one), and a sentence that now
 * opens a line loses its leading space. The token count is exact: the sum of the
 * pieces' counts when every join is a safe cut (see token-boundary.ts), else a count
 * of the whole output.
 */
export interface AssembledOutput {
  text: string;
  tokens: number;
}

export function assembleOutput(
  text: string,
  units: readonly Unit[],
  tokens: Int32Array,
  kept: Uint8Array,
): AssembledOutput {
  const pieces: string[] = [];
  const counts: number[] = [];
  const changed: boolean[] = [];
  let previousEnd = -1;
  for (let unit = 0; unit < units.length; unit++) {
    if (!kept[unit]) continue;
    const { start, end } = units[unit]!;
    let piece = text.slice(start, end);
    let edited = false;
    const last = pieces.length - 1;
    if (last < 0) {
      const trimmed = piece.replace(/^\s+/, '');
      edited = trimmed !== piece;
      piece = trimmed;
    } else if (previousEnd !== start) {
      // The last line break in the dropped text, searched within the gap only.
      let breakAt = start - 1;
      while (breakAt >= previousEnd && text.charCodeAt(breakAt) !== 10) breakAt--;
      if (breakAt >= previousEnd) {
        const gap = text.slice(previousEnd, start);
        const separator = /\n[ \t]*\r?\n/.test(gap) ? '\n\n' : '\n';
        const before = pieces[last]!.replace(/[ \t]+$/, '');
        if (!before.endsWith(separator)) {
          pieces[last] = before.replace(/\s+$/, '') + separator;
          changed[last] = true;
        }
        if (breakAt !== start - 1) {
          const trimmed = piece.replace(/^[ \t]+/, '');
          edited = trimmed !== piece;
          piece = trimmed;
        }
      }
    }
    pieces.push(piece);
    counts.push(tokens[unit]!);
    changed.push(edited);
    previousEnd = end;
  }
  const lastPiece = pieces.length - 1;
  if (lastPiece >= 0) {
    const trimmed = pieces[lastPiece]!.replace(/\s+$/, '');
    if (trimmed !== pieces[lastPiece]) {
      pieces[lastPiece] = trimmed;
      changed[lastPiece] = true;
    }
  }
  let total = 0;
  let additive = true;
  let before = '';
  for (let piece = 0; piece < pieces.length; piece++) {
    const current = pieces[piece]!;
    if (current.length === 0) continue;
    total += changed[piece] ? countChunks(current) : counts[piece]!;
    if (!isSafeJoin(before, current)) additive = false;
    before = current;
  }
  const output = pieces.join('');
  return { text: output, tokens: additive ? total : countChunks(output) };
}
