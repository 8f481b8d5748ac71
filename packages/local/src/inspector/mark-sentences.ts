import type { ContextMessage } from '@ctxopt/core';
import { engineUnits } from '../engine/compress-context.ts';
import type { UnitReason, UnitSignals } from '../engine/explain.ts';
import { renderContext } from '../engine/render-context.ts';

/** One unit of the original context (a sentence, list item, heading, code block or table). */
export interface MarkedSegment {
  text: string;
  /** True when the unit is in the compressed text. */
  kept: boolean;
  /** The engine's score for the unit, when the operation could be explained (operation-detail.ts). */
  score?: number;
  /** Why the engine kept or dropped it. */
  reason?: UnitReason;
  /** The parts of its score. */
  signals?: UnitSignals;
}

/** Beyond this many units the alignment's recursion would grow deep: matching goes greedy. */
const MAX_ALIGNED_UNITS = 4000;

/**
 * Splits the original context into the engine's own units and marks each one kept or
 * dropped by aligning the units, in order, with the compressed text: the kept units,
 * white space aside, spell the compressed text exactly. The segments concatenated give
 * back the original text as the engine read it (messages as `role: content` lines).
 * A unit that is only white space counts as kept.
 */
export function markSentences(
  context: string | readonly ContextMessage[],
  compressed: string,
): MarkedSegment[] {
  const { text, labels } = renderContext(context);
  const pieces = engineUnits(text, labels).segmentation.units.map((unit) =>
    text.slice(unit.start, unit.end),
  );
  const needles = pieces.map((piece) => piece.trim());
  const kept =
    (needles.length <= MAX_ALIGNED_UNITS && align(needles, compressed)) ||
    greedy(needles, compressed);
  return pieces.map((piece, index) => ({ text: piece, kept: kept[index]! }));
}

function skipSpace(text: string, at: number): number {
  let cursor = at;
  while (cursor < text.length && /\s/.test(text[cursor]!)) cursor++;
  return cursor;
}

/**
 * The choice of kept units that spells `compressed` to its end, preferring to keep a
 * unit where it matches. A depth-first search over (unit, position) with the failed
 * states remembered, so each state is tried once.
 */
function align(needles: string[], compressed: string): boolean[] | undefined {
  const kept = needles.map((needle) => needle === '');
  const failed = new Set<number>();
  const width = compressed.length + 1;
  const visit = (index: number, position: number): boolean => {
    const cursor = skipSpace(compressed, position);
    if (index === needles.length) return cursor === compressed.length;
    const state = index * width + cursor;
    if (failed.has(state)) return false;
    const needle = needles[index]!;
    if (needle === '') {
      if (visit(index + 1, cursor)) return true;
    } else {
      if (compressed.startsWith(needle, cursor)) {
        kept[index] = true;
        if (visit(index + 1, cursor + needle.length)) return true;
      }
      kept[index] = false;
      if (visit(index + 1, cursor)) return true;
    }
    failed.add(state);
    return false;
  };
  return visit(0, 0) ? kept : undefined;
}

/** Each unit kept when it is next in the compressed text (for a text cut at the cap). */
function greedy(needles: string[], compressed: string): boolean[] {
  let cursor = 0;
  return needles.map((needle) => {
    if (needle === '') return true;
    const at = skipSpace(compressed, cursor);
    if (!compressed.startsWith(needle, at)) return false;
    cursor = at + needle.length;
    return true;
  });
}
