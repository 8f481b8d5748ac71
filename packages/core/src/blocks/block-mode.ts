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
  /** Lines of compressed originals the current question needs, added to it (`recallAt`). */
  recall: RecalledUnit[];
  /**
   * The message the recall rides with: the current question (the last user message). The
   * recall never becomes a message of its own, so the turn keeps the app's roles.
   */
  recallAt: number;
  /** The recall's text, when something was recalled. */
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
  // Only the parts before the question: they are the same at every step of its turn, so
  // the recall is too, and the question with its recall stays byte for byte in the cached
  // prefix of the turn's later steps. Results of the turn's own tool loop were compressed
  // against this very question already.
  const sources = compression.parts.filter((part) => part.messageIndex < lastUser);
  const recall =
    lastUser !== -1 && sources.length > 0
      ? recallOriginals(
          messages[lastUser]!.text,
          sources,
          settings.recallTokens ?? DEFAULT_RECALL_TOKENS,
        )
      : [];
  return { ...compression, plan, recall, recallAt: lastUser, recallText: recallText(recall) };
}

export interface ApplyBlockModeOptions<T> {
  /** The message with its `partIndex`-th compressible part's text replaced by `text`. */
  replaceParts(message: T, replacements: ReadonlyMap<number, string>): T;
  /** The current question with the recall added after its content, all else kept. */
  appendRecall(message: T, text: string): T;
}

/**
 * The rewritten prompt: every message in its place (parts replaced in theirs, so each
 * tool call keeps its result), the recall added to the current question. No message is
 * added or removed: the roles are the app's.
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
    rewritten[outcome.recallAt] = options.appendRecall(
      rewritten[outcome.recallAt]!,
      outcome.recallText,
    );
  }
  return rewritten;
}
