import type { MarkedSegment } from '../mark-sentences.ts';
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

/**
 * The original context, each unit in a `segment kept` or `segment dropped` span and the
 * white space between them as plain text, so the nodes' text is the original exactly.
 */
export function markedText(segments: readonly MarkedSegment[]): ViewNode[] {
  return segments.map((segment) =>
    blank(segment)
      ? segment.text
      : h('span', { className: `segment ${segment.kept ? 'kept' : 'dropped'}` }, segment.text),
  );
}
