import type { MarkedSegment } from '../mark-sentences.ts';
import { unitScore } from './unit-score.ts';
import { h, type ViewNode } from './view-node.ts';

/** A unit with only white space: shown as it is, neither kept nor dropped. */
function blank(segment: MarkedSegment): boolean {
  return !segment.text.trim();
}

/** How many units (sentences, list items, blocks) the compression kept, of how many. */
export function keptCount(segments: readonly MarkedSegment[]): { kept: number; total: number } {
  const units = segments.filter((segment) => !blank(segment));
  return { kept: units.filter((segment) => segment.kept).length, total: units.length };
}

/** True when the units carry the engine's scores (the operation could be explained). */
export function hasScores(segments: readonly MarkedSegment[]): boolean {
  return segments.some((segment) => segment.score !== undefined);
}

/**
 * The original context, each unit in a `segment kept` or `segment dropped` span and the
 * white space between them as plain text, so the nodes' text is the original exactly.
 * A unit the engine explained has its score, reason and main signals as its title.
 */
export function markedText(segments: readonly MarkedSegment[]): ViewNode[] {
  return segments.map((segment) => {
    if (blank(segment)) return segment.text;
    const title = unitScore(segment);
    return h(
      'span',
      {
        className: `segment ${segment.kept ? 'kept' : 'dropped'}`,
        ...(title === undefined ? {} : { title }),
      },
      segment.text,
    );
  });
}
