import { levelOrModeOf } from '@ctxopt/core/internal';
import { compressContext } from '../engine/compress-context.ts';
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
  /** The original context unit by unit, each marked kept or dropped; `null` without a compression to compare. */
  segments: MarkedSegment[] | null;
}

function compressedOf(operation: InspectedOperation): OperationDetail['compressed'] {
  if (operation.compressed !== undefined) return { text: operation.compressed, source: 'response' };
  const { summary, context } = operation;
  if (summary.status !== 200 || context === undefined || operation.truncated) return null;
  const result = compressContext({
    context,
    ...(operation.query !== undefined ? { query: operation.query } : {}),
    ...levelOrModeOf(summary),
  });
  return { text: result.compressed, source: 'recomputed' };
}

export function operationDetail(operation: InspectedOperation): OperationDetail {
  const compressed = compressedOf(operation);
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
    segments: compressed && context !== undefined ? markSentences(context, compressed.text) : null,
  };
}
