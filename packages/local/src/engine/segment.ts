import { collectCuts } from './block-cuts.ts';
import type { Label } from './role-label.ts';
import { isSafeCut } from './token-boundary.ts';
import type { UnitKind } from './unit-kind.ts';

/**
 * Splits a text into the units the engine keeps or drops: sentences of prose, list
 * items, the lines of a run of records (record-lines.ts), headings, and blocks kept
 * whole (fenced code, markdown tables). Units tile the text exactly (concatenated in
 * order they give it back) and every cut between two units is a safe cut (see
 * token-boundary.ts), so their token counts add up to the count of the whole text.
 */

export interface Unit {
  start: number;
  end: number;
  kind: UnitKind;
  /** Index into `Segmentation.sections`. */
  section: number;
  /** Units this one is never kept without (the frames of its block). */
  needs?: number[];
}

export interface Section {
  /** The heading text that names the section ('' when it has none). */
  title: string;
  /** The unit index of its heading, or -1. */
  header: number;
  /** The message the section belongs to (0 for a plain string). */
  message: number;
}

export interface Segmentation {
  units: Unit[];
  sections: Section[];
  /** The unit of each message's role label (-1 once merged away); empty for a string. */
  labelUnits: number[];
}

const KIND_STRENGTH: Record<UnitKind, number> = {
  text: 0,
  item: 1,
  record: 1,
  table: 2,
  code: 3,
  heading: 4,
  frame: 4,
};

/** Moves a cut that is not safe to a safe place nearby, or returns -1 to merge it away. */
function safePlace(text: string, cut: number, previous: number): number {
  if (isSafeCut(text, cut)) return cut;
  // Skip forward over white space that holds a line break, or back before a line break.
  let forward = cut;
  while (forward < text.length && /\s/.test(text[forward]!)) forward++;
  if (forward > cut && text.slice(cut, forward).includes('\n') && isSafeCut(text, forward)) {
    return forward;
  }
  let back = cut;
  while (back > previous + 1 && (text[back - 1] === '\n' || text[back - 1] === '\r')) back--;
  if (back < cut && isSafeCut(text, back)) return back;
  return -1;
}

/** Splits `text` into units; `labels` are role labels that each open a section. */
export function segment(text: string, labels: Label[] = []): Segmentation {
  const units: Unit[] = [];
  const sections: Section[] = [];
  const labelUnits = labels.map(() => -1);
  const cuts = collectCuts(text, labels);
  if (cuts.length === 0 || cuts[0]!.title === undefined)
    cuts.unshift({ at: 0, kind: 'text', title: '' });
  cuts[0]!.at = 0;
  let message = 0;
  for (const cut of cuts) {
    let last = units[units.length - 1];
    let place = 0;
    if (last) place = cut.at <= last.start ? -1 : safePlace(text, cut.at, last.start);
    if (place >= text.length) place = -1;
    if (cut.message !== undefined) message = cut.message;
    if (last && cut.at === last.start) {
      // Two cuts at one place: the later one names the unit.
      units.pop();
      const owner = sections[last.section];
      if (owner && owner.header === units.length) owner.header = -1;
      if (labelUnits[owner?.message ?? -1] === units.length) labelUnits[owner!.message] = -1;
      place = last.start;
      last = units[units.length - 1];
    }
    if (cut.title !== undefined) sections.push({ title: cut.title, header: -1, message });
    if (place < 0) {
      // Merged into the unit before: a block kept whole stays whole.
      if (last && cut.kind !== 'heading' && KIND_STRENGTH[cut.kind] > KIND_STRENGTH[last.kind]) {
        last.kind = cut.kind;
      }
      continue;
    }
    if (cut.kind === 'heading' && cut.title !== undefined) {
      sections[sections.length - 1]!.header = units.length;
      if (cut.message !== undefined) labelUnits[cut.message] = units.length;
    }
    if (last) last.end = place;
    units.push({ start: place, end: text.length, kind: cut.kind, section: sections.length - 1 });
  }
  return { units, sections, labelUnits };
}
