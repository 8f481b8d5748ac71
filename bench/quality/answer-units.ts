import { compressContext } from '../../packages/local/src/engine/compress-context.ts';
import type {
  EngineExplanation,
  UnitExplanation,
} from '../../packages/local/src/engine/explain.ts';
import type { SuiteExample } from './suite-example.ts';

/** Where an example's answer stood in the engine's explanation of one compression. */
export interface AnswerUnits {
  explanation: EngineExplanation;
  /** The units holding text, in context order. */
  units: UnitExplanation[];
  /** Each unit's rank by score, 1 for the best. */
  rank: Map<UnitExplanation, number>;
  /**
   * The units touched by the answer's occurrence (case-insensitive) whose best unit
   * ranked highest; empty when the answer is not in the context.
   */
  touched: UnitExplanation[];
}

/**
 * Compresses an article-paragraph example with `explain` and finds its answer's units:
 * what the miss readers (language-gap.ts, misses-by-half.ts) classify a miss by.
 */
export function answerUnits(
  example: SuiteExample,
  level: 'low' | 'standard' | 'ultra',
  answer: string,
): AnswerUnits {
  const text = example.context as string;
  const { explanation } = compressContext(
    { context: text, level, query: example.query },
    { explain: true },
  );
  const units = explanation!.units.filter((unit) => /\S/.test(unit.text));
  const order = [...units].sort((a, b) => b.score - a.score);
  const rank = new Map(order.map((unit, at) => [unit, at + 1]));
  const lower = text.toLowerCase();
  const needle = answer.toLowerCase();
  let touched: UnitExplanation[] = [];
  let best = Number.POSITIVE_INFINITY;
  for (let from = lower.indexOf(needle); from >= 0; from = lower.indexOf(needle, from + 1)) {
    const these = units.filter((unit) => unit.end > from && unit.start < from + needle.length);
    const top = Math.min(...these.map((unit) => rank.get(unit)!));
    if (top < best) [best, touched] = [top, these];
  }
  return { explanation: explanation!, units, rank, touched };
}
