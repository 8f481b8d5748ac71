/**
 * Turn-aware selection for conversations. Each item (a whole message, or a run of
 * units that needs its message's role label) is kept whole or dropped whole, so no
 * turn comes back cut into fragments. Items are ranked by score per
 * `tokens ** costExponent` (below 1 a long item is not penalised in full for its
 * length, above 0 a short one that serves as well is preferred) and kept while they
 * fit; the caller assembles the kept units in their original order.
 */
export interface TurnItem {
  /** Units `first` up to `last`, inclusive. */
  first: number;
  last: number;
  /** The role label unit the item needs, or -1 (a whole message holds its own). */
  label: number;
  tokens: number;
  score: number;
}

export interface ItemSelectionInput {
  items: readonly TurnItem[];
  /** Token count of every unit (for the labels). */
  unitTokens: Int32Array;
  unitCount: number;
  budget: number;
  costExponent: number;
}

/** Item indexes, best value first; ties go to the later item (the more recent turn). */
export function rankItems(items: readonly TurnItem[], costExponent: number): number[] {
  const value = items.map((item) => item.score / Math.max(1, item.tokens) ** costExponent);
  return items.map((_, at) => at).sort((a, b) => value[b]! - value[a]! || b - a);
}

/** Kept unit flags, or undefined when no item fits the budget. */
export function selectItems(
  input: ItemSelectionInput,
  keptItems?: Uint8Array,
): Uint8Array | undefined {
  const { items, unitTokens, budget } = input;
  const kept = new Uint8Array(input.unitCount);
  let used = 0;
  let count = 0;
  for (const at of rankItems(items, input.costExponent)) {
    const item = items[at]!;
    const label = item.label >= 0 && !kept[item.label] ? unitTokens[item.label]! : 0;
    if (used + item.tokens + label > budget) continue;
    kept.fill(1, item.first, item.last + 1);
    if (item.label >= 0) kept[item.label] = 1;
    if (keptItems) keptItems[at] = 1;
    used += item.tokens + label;
    count++;
  }
  return count > 0 ? kept : undefined;
}

/** Unit flags of the kept items (and the labels they need). */
export function unitsOfItems(input: ItemSelectionInput, keptItems: Uint8Array): Uint8Array {
  const kept = new Uint8Array(input.unitCount);
  input.items.forEach((item, at) => {
    if (!keptItems[at]) return;
    kept.fill(1, item.first, item.last + 1);
    if (item.label >= 0) kept[item.label] = 1;
  });
  return kept;
}
