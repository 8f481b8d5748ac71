import type { AgreementFigure, ContentKind } from './agreement-stats.ts';
import type { LevelChange } from './level-controller.ts';
import type { JudgeVerdict } from './shadow-answer.ts';

/** One judged pair: the user's answer (compressed prompt) against the shadow's (original prompt). */
export interface ShadowJudgedEvent extends JudgeVerdict {
  type: 'judged';
  /** The level the compressed prompt was made at. */
  level: string;
  /** The kinds of content the compression touched. */
  kinds: ContentKind[];
  /** Tokens the compression saved on the user's call. */
  savedTokens: number;
  /** The uncompressed prompt's tokens (estimated) and what the shadow call really spent. */
  promptTokens: number;
  shadowInputTokens: number | undefined;
  /** Milliseconds of the shadow call and judge. */
  durationMs: number;
  /** The running agreement of this level for each kind, after this pair. */
  agreement: AgreementFigure[];
}

/** `adapt` changed the level of a kind of content. */
export interface ShadowLevelChangeEvent extends LevelChange {
  type: 'level-change';
}

/** `observe`: what compression would have done; the model received the original prompt. */
export interface ShadowObservedEvent {
  type: 'observed';
  level: string;
  kinds: ContentKind[];
  promptTokens: number;
  /** Tokens the compression would have saved, and the share of the prompt. */
  savedTokens: number;
  reductionPct: number;
  /** What would have been replaced: each span's kind, messages and sizes, with the compressed text. */
  spans: {
    kind: ContentKind;
    messageIndexes: number[];
    toolName?: string;
    charactersBefore: number;
    charactersAfter: number;
    compressedText?: string;
  }[];
}

/** A shadow call or judge failed; the user's call was not affected. */
export interface ShadowFailedEvent {
  type: 'failed';
  level: string;
  kinds: ContentKind[];
  error: unknown;
}

/** What `onShadow` receives. */
export type ShadowEvent =
  | ShadowJudgedEvent
  | ShadowLevelChangeEvent
  | ShadowObservedEvent
  | ShadowFailedEvent;
