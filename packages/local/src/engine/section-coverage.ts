import type { QueryTerms } from './query-terms.ts';
import type { Segmentation } from './segment.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * Selection by coverage, for the sections a question names. A multi-hop question ("Who
 * is the spouse of the director of film The Golden Calf?") names the title of the
 * passage its first hop reads; every sentence of that passage shares the passage's
 * section score, so at a hard budget the whole passage outranks the passage that states
 * the answer (the director's), which shares only the bridge name with it. Once one unit
 * of such a section is taken, what the section's score says is already in the output:
 * its other units keep only `share` of the part of their score the section lent them,
 * unless they hold a query term no taken unit holds yet (the relation the question asks
 * about, "married"). The next pick then goes to what is still uncovered.
 *
 * Only sections whose heading holds a name of the question (see `queryNames`) take part:
 * a section the question does not name lends its score to units that may all answer
 * (NQ's passages, where the answer sentence repeats words already kept; dev 10x, every
 * section: NQ 95.0 to 90.0%).
 *
 * In a passage the bridge reached (a unit of it is taken with a bridge part, see
 * `bridgeParts`), the units holding a query term no taken unit holds yet rank with the
 * passage's best bridge part in place of their own: the bridge names the passage, the
 * question's uncovered words name the sentence (the lead sentence names the director,
 * "Mary Eaton married Webb in 1929" states the answer). Dev, multi-hop large, 4x / 10x:
 * 63.2 / 40.1 to 66.1 / 42.7% (bench layout), 59.6 / 36.5 to 61.7 / 37.7% (title lines).
 *
 * The same lift goes to a unit of such a passage that holds an answer of the kind the
 * question asks for (answer-kinds.ts: a place for "where", a year for "when"), when it
 * holds no uncovered term: "Dunlap died in Los Angeles in 1970." once another passage's
 * "died" is taken.
 *
 * Reorders `order` (units sorted best first) greedily; the order does not depend on the
 * budget, so a gentler level keeps the units of a harder one ahead of the rest, as
 * before. Apart from the bridge lift, which pushes the lifted units again, a unit's
 * value only falls as units are taken, so a lazy greedy over a heap is exact: O(n log n) and one pass over each unit's words per re-evaluation (at most two).
 */
export interface CoverageInput {
  segmentation: Segmentation;
  index: UnitIndex;
  scores: Float64Array;
  /** The part of each unit's score its section lent it (score-query.ts). */
  sectionParts: Float64Array;
  /** The query's terms: a slot by term id, and how many slots. */
  terms: QueryTerms;
  /** Term ids of the question's names. */
  names: ReadonlySet<number>;
  /** Share of its section part a unit keeps once its section is covered. */
  share: number;
  /** The part of each unit's score the bridge pass added (bridge-terms.ts), when it ran. */
  bridgeParts?: Float64Array;
  /**
   * Whether a unit holds an answer of the kind the question asks for (answer-kinds.ts);
   * absent when it asks for no kind. Asked only of the units of a passage the bridge reached.
   */
  holdsAnswerKind?: (unit: number) => boolean;
}

/** 1 for each section whose heading holds one of `names`. */
export function namedSections(
  segmentation: Segmentation,
  index: UnitIndex,
  names: ReadonlySet<number>,
): Uint8Array {
  const named = new Uint8Array(segmentation.sections.length);
  if (names.size === 0) return named;
  const { words, offsets } = index;
  segmentation.sections.forEach((section, at) => {
    if (section.header < 0) return;
    for (
      let position = offsets[section.header]!;
      position < offsets[section.header + 1]!;
      position++
    ) {
      if (names.has(words[position]!)) {
        named[at] = 1;
        return;
      }
    }
  });
  return named;
}

type Entry = [value: number, unit: number];

const better = (a: Entry, b: Entry) => a[0] > b[0] || (a[0] === b[0] && a[1] < b[1]);

function siftUp(heap: Entry[], from: number): void {
  let at = from;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!better(heap[at]!, heap[parent]!)) return;
    [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
    at = parent;
  }
}

function siftDown(heap: Entry[], from: number): void {
  let at = from;
  for (;;) {
    const left = 2 * at + 1;
    const right = left + 1;
    let best = at;
    if (left < heap.length && better(heap[left]!, heap[best]!)) best = left;
    if (right < heap.length && better(heap[right]!, heap[best]!)) best = right;
    if (best === at) return;
    [heap[at], heap[best]] = [heap[best]!, heap[at]!];
    at = best;
  }
}

export function orderByCoverage(order: number[], input: CoverageInput): void {
  const { segmentation, index, scores, sectionParts, share, bridgeParts } = input;
  const { slotOf, count: slots } = input.terms;
  if (share >= 1 || order.length < 2) return;
  const named = namedSections(segmentation, index, input.names);
  if (!named.includes(1)) return;
  const { units } = segmentation;
  const { words, offsets } = index;
  const taken = new Uint8Array(segmentation.sections.length);
  const done = new Uint8Array(units.length);
  const covered = new Uint8Array(slots);
  const addsTerm = (unit: number): boolean => {
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const slot = slotOf[words[position]!]!;
      if (slot >= 0 && !covered[slot]) return true;
    }
    return false;
  };
  const bridged = bridgeParts ? passageBridges(segmentation, bridgeParts) : undefined;
  const reached = new Uint8Array(segmentation.sections.length);
  // 1 when a unit holds an answer of the kind asked, 2 when not, 0 before it was asked.
  const kinds = new Uint8Array(input.holdsAnswerKind ? units.length : 0);
  const holdsKind = (unit: number): boolean => {
    if (!input.holdsAnswerKind) return false;
    if (kinds[unit] === 0) kinds[unit] = input.holdsAnswerKind(unit) ? 1 : 2;
    return kinds[unit] === 1;
  };
  const value = (unit: number): number => {
    const section = units[unit]!.section;
    if (reached[section] && (addsTerm(unit) || holdsKind(unit))) {
      return scores[unit]! + bridged!.best[section]! - bridgeParts![unit]!;
    }
    if (!named[section] || !taken[section] || addsTerm(unit)) return scores[unit]!;
    return scores[unit]! - (1 - share) * sectionParts[unit]!;
  };
  // Sorted best first, the order is a heap already.
  const heap: Entry[] = order.map((unit) => [scores[unit]!, unit]);
  let next = 0;
  while (heap.length > 0) {
    const top = heap[0]!;
    if (done[top[1]]) {
      popTop(heap);
      continue;
    }
    const now = value(top[1]);
    if (now < top[0]) {
      top[0] = now;
      siftDown(heap, 0);
      continue;
    }
    popTop(heap);
    const unit = top[1];
    order[next++] = unit;
    done[unit] = 1;
    const section = units[unit]!.section;
    taken[section] = 1;
    for (let position = offsets[unit]!; position < offsets[unit + 1]!; position++) {
      const slot = slotOf[words[position]!]!;
      if (slot >= 0) covered[slot] = 1;
    }
    if (bridged && !reached[section] && bridgeParts![unit]! > 0) {
      // A passage reached by the bridge: its sentence that holds what is still asked
      // (the relation, "married") ranks with the passage's best bridge score, above
      // the lead sentence's echoes of the bridge name. Named passages too: a father's
      // passage shares his son's surname with the question. Its value rose: push it again.
      reached[section] = 1;
      for (const member of bridged.members.get(section) ?? []) {
        if (done[member]) continue;
        const lifted = value(member);
        if (lifted > scores[member]!) {
          heap.push([lifted, member]);
          siftUp(heap, heap.length - 1);
        }
      }
    }
  }
}

function popTop(heap: Entry[]): void {
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    siftDown(heap, 0);
  }
}

/** Per section: its best bridge part and its units. */
function passageBridges(
  segmentation: Segmentation,
  bridgeParts: Float64Array,
): { best: Float64Array; members: Map<number, number[]> } {
  const best = new Float64Array(segmentation.sections.length);
  const members = new Map<number, number[]>();
  segmentation.units.forEach((unit, at) => {
    const section = unit.section;
    if (bridgeParts[at]! > best[section]!) best[section] = bridgeParts[at]!;
    const list = members.get(section);
    if (list) list.push(at);
    else members.set(section, [at]);
  });
  return { best, members };
}
