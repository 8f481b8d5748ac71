import type { BlockMessage, BlockPlan, BlockPlanOptions } from './block-message.ts';
import {
  type BlockCompression,
  type BlockCompressionSettings,
  compressBlocks,
} from './compress-blocks.ts';
import { planBlocks } from './plan-blocks.ts';
import { DEFAULT_RECALL_TOKENS, type RecalledUnit, recallOriginals, recallText } from './recall.ts';

export interface BlockModeSettings extends BlockCompressionSettings, BlockPlanOptions {
  /** Budget of the query-aware recall, in estimated tokens; 0 turns it off. @default 300 */
  recallTokens?: number;
}

export interface BlockModeOutcome extends BlockCompression {
  plan: BlockPlan;
  /** Lines of compressed originals the current question needs, placed at `recallAt`. */
  recall: RecalledUnit[];
  /**
   * Where the recall message goes: just before the current question, or where the tail
   * starts when a long tool loop put the question into a block. Always after every block.
   */
  recallAt: number;
  /** The recall message's text, when something was recalled. */
  recallText: string | undefined;
}

/**
 * Block mode, the conversation policy that keeps the provider's prompt cache: the prompt
 * is the pinned head, the closed blocks with their parts compressed (the same bytes on
 * every call), a recall of what the current question needs from the compressed originals,
 * then the open tail verbatim. Only parts of newly closed blocks are sent for compression.
 */
export async function runBlockMode(
  messages: readonly BlockMessage[],
  settings: BlockModeSettings,
): Promise<BlockModeOutcome> {
  const plan = planBlocks(messages, settings);
  const compression = await compressBlocks(messages, plan, settings);
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const recall =
    lastUser !== -1 && compression.parts.length > 0
      ? recallOriginals(
          messages[lastUser]!.text,
          compression.parts,
          settings.recallTokens ?? DEFAULT_RECALL_TOKENS,
        )
      : [];
  const recallAt = Math.max(lastUser, plan.tailStart);
  return { ...compression, plan, recall, recallAt, recallText: recallText(recall) };
}

export interface ApplyBlockModeOptions<T> {
  /** The message with its `partIndex`-th compressible part's text replaced by `text`. */
  replaceParts(message: T, replacements: ReadonlyMap<number, string>): T;
  /** The message that carries the recall (a user message in both integrations). */
  createRecallMessage(text: string): T;
}

/**
 * The rewritten prompt: every message in its place (parts replaced in theirs, so each
 * tool call keeps its result), the recall inserted before the current question (or where
 * the tail starts), after every block.
 */
export function applyBlockMode<T>(
  messages: readonly T[],
  outcome: BlockModeOutcome,
  options: ApplyBlockModeOptions<T>,
): T[] {
  const byMessage = new Map<number, Map<number, string>>();
  for (const part of outcome.parts) {
    const replacements = byMessage.get(part.messageIndex) ?? new Map<number, string>();
    replacements.set(part.partIndex, part.text);
    byMessage.set(part.messageIndex, replacements);
  }
  const rewritten = messages.map((message, index) => {
    const replacements = byMessage.get(index);
    return replacements ? options.replaceParts(message, replacements) : message;
  });
  if (outcome.recallText !== undefined) {
    rewritten.splice(outcome.recallAt, 0, options.createRecallMessage(outcome.recallText));
  }
  return rewritten;
}
