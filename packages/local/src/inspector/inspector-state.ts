import type { MonthlyUsage } from '@ctxopt/core';
import type { OperationSummary } from './inspected-operation.ts';
import type { SavingsPoint } from './operation-log.ts';
import type { ShadowFiguresState } from './shadow-figures.ts';

/** The body of `GET /inspector/api/state`: everything the inspector page draws but one operation's texts. */
export interface InspectorState {
  inspector: {
    /** When the emulator started (ISO 8601). */
    startedAt: string;
    maxOperations: number;
    maxTextChars: number;
    /** Requests recorded since the start, those that left the ring included. */
    recordedOperations: number;
  };
  /** One gauge per API key, named by position (`API key`, `API key 2`), never by its text. */
  quota: (MonthlyUsage & { label: string; operations: number })[];
  savings: { totalSavedTokens: number; points: readonly SavingsPoint[] };
  /**
   * One page of the kept operations, newest first: at most `limit` of them (`?limit=`,
   * 1 to 100, default 100) with ids below `?before=` when given, and at most
   * `MAX_STATE_BYTES` of JSON in all.
   */
  operations: OperationSummary[];
  /** The id to pass as `?before=` for the next (older) page; `null` on the last page. */
  nextBefore: number | null;
  /** Shadow evaluation's figures, once the app has handed the emulator a shadow event. */
  shadow?: ShadowFiguresState;
}
