import type { ContextMessage } from '../schemas.ts';

/**
 * The framework-neutral view of a conversation that the planner works on. Each
 * framework adapter maps its own messages to this shape, index for index.
 */
export interface PlannerMessage {
  /** `system`, `user`, `assistant`, `tool`, or any other role the framework uses. */
  role: string;
  /** The message's text, as it would be sent for compression (tool calls rendered as text). */
  text: string;
  /** Files, images, reasoning or other parts that text cannot carry: such a message is kept as it is. */
  hasNonTextParts?: boolean;
  /** Ids of the tool calls this message makes. */
  toolCallIds?: readonly string[];
  /** Ids of the tool calls whose results this message carries. */
  toolResultIds?: readonly string[];
  /** The tool calls this message makes, with their arguments (the query of their results' compression). */
  toolCalls?: readonly PlannerToolCall[];
  /** The tool results this message carries, in order; each may be compressed in place. */
  toolResults?: readonly PlannerToolResult[];
  /**
   * The message holds reasoning parts: `free` when they may be dropped, `bound` when
   * another part refers to them (a provider item id) and they must stay.
   */
  reasoning?: 'free' | 'bound';
  /** How many parts besides reasoning the message holds (0: empty); absent when unknown. */
  contentParts?: number;
}

export interface PlannerToolCall {
  id: string;
  name: string;
  /** The call's input as text (JSON for structured input). */
  arguments: string;
}

export interface PlannerToolResult {
  toolCallId: string;
  toolName: string;
  /** The result as text, or `undefined` when text cannot carry it (files): it stays as it is. */
  text: string | undefined;
}

export interface PlanOptions {
  /** Below this estimated size of the compressible span, nothing is sent. @default 0 */
  minTokens?: number;
  /** Roles that are never compressed. @default ['system'] */
  pinnedRoles?: readonly string[];
  /** How many messages at the end are kept as they are, besides the last user turn. @default 0 */
  protectLastMessages?: number;
  /** Counts the tokens of a text. @default `estimateTokens` */
  countTokens?: (text: string) => number;
}

export type PlanSkipReason = 'nothing-to-compress' | 'below-min-tokens';

/**
 * Which messages to compress. Messages before `spanStart` and from `spanEnd` on stay as
 * they are; the span `[spanStart, spanEnd)` is sent as `context` and replaced by one
 * message carrying the compressed text.
 */
export interface ConversationPlan {
  /** True when a compression call is worth making. */
  compress: boolean;
  /** Why nothing is sent, when `compress` is false. */
  skipReason?: PlanSkipReason;
  spanStart: number;
  spanEnd: number;
  /**
   * The span as contract messages, empty texts left out; a span of more than 500 messages
   * (the contract's limit) as one `role: content` transcript string instead.
   */
  context: ContextMessage[] | string;
  /** The text of the last user message: the current query. */
  query?: string;
  /** The planner's estimate of the span's size in tokens. */
  estimatedTokens: number;
}
