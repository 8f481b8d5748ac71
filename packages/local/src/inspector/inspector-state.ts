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
  /** The kept operations, newest first. */
  operations: OperationSummary[];
  /** Shadow evaluation's figures, once the app has handed the emulator a shadow event. */
  shadow?: ShadowFiguresState;
}
