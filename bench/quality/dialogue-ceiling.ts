/**
 * The ceiling of whole-turn selection on the conversation sets with the question: at each
 * level, the share of dev questions whose evidence messages, each whole (every unit of the
 * message, its role label included), joined as the engine joins its output, fit the
 * level's budget. No selection that keeps messages whole can do better: a question whose
 * evidence alone is over the budget is lost to any of them. Beside it, the engine's
 * retention, and its misses classed by what the output holds of the evidence
 * (`DialogueMissClass`). Run:
 *
 *   node --conditions=@ctxopt/source bench/quality/dialogue-ceiling.ts \
 *     [--set realtalk|friendsqa|dialogue] [--half A|B]
 *
 * Without `--set`, the three sets (REALTALK, FriendsQA, MemoryBank). Only the dev part is
 * read; `--half` reads the conversations of one half (dialogue-misses.ts).
 */

import type { ContextMessage } from '../../packages/core/src/index.ts';
import { compressWithTuning } from '../../packages/local/src/engine/compress-context.ts';
import type { UnitExplanation } from '../../packages/local/src/engine/explain.ts';
import { renderContext } from '../../packages/local/src/engine/render-context.ts';
import { DEFAULT_TUNING } from '../../packages/local/src/engine/tuning.ts';
import { median } from '../support/stats.ts';
import { formatTable } from '../support/table.ts';
import { argument, LEVELS, share } from './dev-scripts.ts';
import { conversationHalves } from './dialogue-misses.ts';
import { joinedTokens } from './multihop-ceiling.ts';
import { retains } from './retention.ts';
import { readBuiltSet } from './sets.ts';

const SETS = {
  realtalk: 'long dialogue (REALTALK)',
  friendsqa: 'TV dialogue (FriendsQA episodes)',
  dialogue: 'dialogue (MemoryBank)',
} as const;
type SetName = keyof typeof SETS;

/** Indexes of the units of each message (`starts`: where each message's label starts). */
export function unitsByMessage(
  units: readonly Pick<UnitExplanation, 'start'>[],
  starts: readonly number[],
): number[][] {
  const byMessage = starts.map((): number[] => []);
  let message = 0;
  units.forEach((unit, at) => {
    while (message + 1 < starts.length && starts[message + 1]! <= unit.start) message++;
    byMessage[message]!.push(at);
  });
  return byMessage;
}

/** Output tokens of the evidence messages kept whole and nothing else, joined as the engine joins. */
export function evidenceTokens(
  text: string,
  units: readonly UnitExplanation[],
  byMessage: readonly number[][],
  evidence: readonly number[],
): number {
  const chosen = evidence.flatMap((message) => byMessage[message] ?? []);
  return joinedTokens(text, units, chosen);
}

/**
 * What a missed question's output holds of its evidence messages: none of them (not a unit);
 * one or more whole, but not every one; or a message kept in part only (some of its units),
 * which the measure does not count.
 */
export type DialogueMissClass = 'no evidence turn kept' | 'some kept whole' | 'kept in part only';
export const DIALOGUE_MISS_CLASSES: readonly DialogueMissClass[] = [
  'no evidence turn kept',
  'some kept whole',
  'kept in part only',
];

export function dialogueMissClass(
  units: readonly Pick<UnitExplanation, 'kept'>[],
  byMessage: readonly number[][],
  evidence: readonly number[],
): DialogueMissClass {
  let whole = false;
  for (const message of evidence) {
    const own = byMessage[message] ?? [];
    const kept = own.filter((unit) => units[unit]!.kept).length;
    if (kept > 0 && kept < own.length) return 'kept in part only';
    if (kept > 0) whole = true;
  }
  return whole ? 'some kept whole' : 'no evidence turn kept';
}

interface Row {
  questions: number;
  engine: number;
  ceiling: number;
  /** Evidence tokens over the budget, one value a question (not `whole`). */
  shares: number[];
  misses: Record<DialogueMissClass, number>;
}

function main(): void {
  const only = argument('--set') as SetName | undefined;
  if (only !== undefined && !(only in SETS)) {
    throw new Error(`--set must be one of ${Object.keys(SETS).join(', ')}`);
  }
  const half = argument('--half');
  if (half !== undefined && half !== 'A' && half !== 'B') throw new Error('--half must be A or B');
  const rows: string[][] = [];
  for (const name of only ? [only] : (Object.keys(SETS) as SetName[])) {
    const dev = readBuiltSet(name).filter((example) => example.split === 'dev');
    const halves = conversationHalves(dev);
    const examples = half
      ? dev.filter((example) => halves.get(String(example.conversation)) === half)
      : dev;
    for (const [level, label] of LEVELS) {
      const row: Row = {
        questions: 0,
        engine: 0,
        ceiling: 0,
        shares: [],
        misses: { 'no evidence turn kept': 0, 'some kept whole': 0, 'kept in part only': 0 },
      };
      for (const example of examples) {
        const messages = example.context as ContextMessage[];
        const evidence = example.evidenceMessages ?? [];
        const result = compressWithTuning(
          { context: messages, level, query: example.query },
          DEFAULT_TUNING,
          { explain: true },
        );
        const explanation = result.explanation!;
        const { text, labels } = renderContext(messages);
        const byMessage = unitsByMessage(
          explanation.units,
          labels.map((label) => label.start),
        );
        row.questions++;
        const kept = retains(result.compressed, example);
        if (kept) row.engine++;
        else row.misses[dialogueMissClass(explanation.units, byMessage, evidence)]++;
        if (explanation.strategy === 'whole') {
          row.ceiling++;
          continue;
        }
        const tokens = evidenceTokens(text, explanation.units, byMessage, evidence);
        row.shares.push(tokens / explanation.budget);
        if (tokens <= explanation.budget) row.ceiling++;
        else if (kept) throw new Error(`${example.id}: kept over the ceiling at ${level}`);
      }
      rows.push([
        SETS[name],
        label,
        String(row.questions),
        share(row.engine, row.questions),
        share(row.ceiling, row.questions),
        `${(100 * (row.shares.length ? median(row.shares) : Number.NaN)).toFixed(1)}%`,
        `${(100 * Math.max(0, ...row.shares)).toFixed(1)}%`,
        ...DIALOGUE_MISS_CLASSES.map((miss) => String(row.misses[miss])),
      ]);
    }
  }
  console.log(
    formatTable({
      title: `conversations with the question, dev${half ? `, half ${half}` : ''}: the engine and the ceiling of whole-turn selection`,
      columns: [
        'set',
        'level',
        'questions',
        'engine',
        'ceiling: the evidence turns whole fit',
        'evidence / budget (median)',
        'evidence / budget (largest)',
        ...DIALOGUE_MISS_CLASSES.map((miss) => `misses: ${miss}`),
      ],
      rows,
    }),
  );
}

if (import.meta.main) main();
