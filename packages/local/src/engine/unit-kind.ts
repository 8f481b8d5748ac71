/**
 * `heading` covers markdown headings, passage headers and title lines (block-cuts.ts) and role labels;
 * `frame` the lines that frame a block cut into pieces (a code fence, a table's header
 * row), which come along with any piece of the block kept (see refine-units.ts).
 */
export type UnitKind = 'text' | 'item' | 'record' | 'code' | 'table' | 'heading' | 'frame';

/** Kinds kept only along with a unit that needs them, never for their own sake. */
export function isCompanionKind(kind: UnitKind): boolean {
  return kind === 'heading' || kind === 'frame';
}
