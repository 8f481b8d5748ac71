import type { PlannerMessage } from '../planner/conversation.ts';
import type { CompressionLevel } from '../schemas.ts';
import type { CacheSchedule } from './cost-gate.ts';

/**
 * A text a block may replace with its compression: a tool result, or a long user or
 * assistant text. Each is compressed on its own, so the message keeps its place and
 * shape (a tool result stays the answer to its call) and every provider accepts the
 * prompt by construction.
 */
export interface BlockPart {
  text: string;
  /**
   * A query known when the part is written and never changing afterwards, such as the
   * question of the turn a tool result belongs to and the call's name and arguments; the
   * question of a later turn is not known yet.
   */
  query?: string;
  /** This part's level, when the settings set no `mode`. @default the settings' `level` */
  level?: CompressionLevel;
}

/** The planner's view of a message, plus the parts of it that block mode may compress. */
export interface BlockMessage extends PlannerMessage {
  /** Compressible parts, in the message's order; none: the message stays as it is. */
  parts?: readonly BlockPart[];
}

/** A closed run of messages `[start, end)`, cut where no tool call is parted from its result. */
export interface Block {
  start: number;
  end: number;
  /** Estimated tokens of its messages. */
  estimatedTokens: number;
}

export interface BlockPlan {
  /** Leading pinned messages (system): `[0, headEnd)`, never compressed. */
  headEnd: number;
  /** The closed blocks, in order; the same cuts on every later call of the conversation. */
  blocks: Block[];
  /** Where the open tail starts: messages from here on are sent as they are. */
  tailStart: number;
}

export interface BlockPlanOptions {
  /** A block closes at the first clean cut once it holds this many estimated tokens. @default 2500 */
  blockTokens?: number;
  /** Roles of the leading messages that form the pinned head. @default ['system'] */
  pinnedRoles?: readonly string[];
  /**
   * In the current turn (from the last user message on), the newest this-many tool
   * results stay in the tail, verbatim; older ones of a long tool loop may close into
   * blocks, in batches large enough to pay for the rewrite of the tail. 0: every result
   * closes into a block as it arrives. @default 3
   */
  keepLast?: number;
  /** The provider's cache prices, for when a tool loop's batch closes. @default ANTHROPIC_CACHE_SCHEDULE */
  cacheSchedule?: CacheSchedule;
}
