import { levelOrModeOf } from '@ctxopt/core/internal';
import { compressContext, type EngineResult } from '../engine/compress-context.ts';
import type { InspectedOperation, OperationSummary } from './inspected-operation.ts';
import { type MarkedSegment, markSentences } from './mark-sentences.ts';

/** One operation in full, as `GET /inspector/api/operations/{id}` answers it. */
export interface OperationDetail extends OperationSummary {
  query: string | null;
  context: {
    /** Characters of the whole context as sent. */
    chars: number;
    /** True when only the first `maxTextChars` characters were kept. */
    truncated: boolean;
  } | null;
  compressed: {
    text: string;
    /** `response`: `data.compressed` as answered; `recomputed`: the engine run again on the kept context (generate answers do not carry the compressed text; the engine is deterministic). */
    source: 'response' | 'recomputed';
  } | null;
  /** `data.answer` of a generate answer. */
  answer: string | null;
  /**
   * The original context unit by unit, each marked kept or dropped; `null` without a
   * compression to compare. Each unit carries the engine's `score`, `reason` and
   * `signals` when the operation could be explained: the engine run again with
   * `explain` on the context as kept (it is deterministic), only when this view is asked
   * for, so serving a request costs nothing more.
   */
  segments: MarkedSegment[] | null;
}

/** The engine run again, explaining, on the whole context as kept; undefined when there is none. */
function explainedRun(operation: InspectedOperation): EngineResult | undefined {
  const { summary, context } = operation;
  if (summary.status !== 200 || context === undefined || operation.truncated) return undefined;
  return compressContext(
    {
      context,
      ...(operation.query !== undefined ? { query: operation.query } : {}),
      ...levelOrModeOf(summary),
    },
    { explain: true },
  );
}

function compressedOf(
  operation: InspectedOperation,
  run: EngineResult | undefined,
): OperationDetail['compressed'] {
  if (operation.compressed !== undefined) return { text: operation.compressed, source: 'response' };
  return run ? { text: run.compressed, source: 'recomputed' } : null;
}

/**
 * The segments with the explanation's score, reason and signals, unit for unit. Kept or
 * dropped stays what the answer's text shows; an explanation whose units are not the
 * segments (a JSON document) adds nothing.
 */
function withScores(segments: MarkedSegment[], run: EngineResult | undefined): MarkedSegment[] {
  const units = run?.explanation?.units;
  if (!units || units.length !== segments.length) return segments;
  if (units.some((unit, at) => unit.text !== segments[at]!.text)) return segments;
  return segments.map((segment, at) => {
    const { score, reason, signals } = units[at]!;
    return { ...segment, score, reason, signals };
  });
}

export function operationDetail(operation: InspectedOperation): OperationDetail {
  const run = explainedRun(operation);
  const compressed = compressedOf(operation, run);
  const { context } = operation;
  return {
    ...operation.summary,
    query: operation.query ?? null,
    context:
      context === undefined
        ? null
        : { chars: operation.contextChars, truncated: operation.truncated },
    compressed,
    answer: operation.answer ?? null,
    segments:
      compressed && context !== undefined
        ? withScores(markSentences(context, compressed.text), run)
        : null,
  };
}
