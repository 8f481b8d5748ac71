import { DEFAULT_RECALL_TOKENS, questionsKeepingRecall } from '../policy/compression-policy.ts';
import type { BlockMessage, BlockPlan, BlockPlanOptions } from './block-message.ts';
import {
  type BlockCompression,
  type BlockCompressionSettings,
  type CompressedPart,
  compressBlocks,
} from './compress-blocks.ts';
import { planBlocks } from './plan-blocks.ts';
import { type RecalledUnit, recallOriginals, recallText } from './recall.ts';

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
  /**
   * Earlier questions that keep the recall they had in their own turn: those whose tool
   * loop ran past `keepLast` results, which the provider cached with their recall at every
   * step of the loop (and a long loop closes blocks after them while they are current). Worked out the same way again (from the
   * parts before each), they are the same bytes, and those blocks stay cached.
   */
  keptRecalls: { at: number; text: string }[];
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
  const budget = settings.recallTokens ?? DEFAULT_RECALL_TOKENS;
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const recall =
    lastUser === -1 ? [] : questionRecall(messages, compression.parts, lastUser, budget);
  const keptRecalls = questionsKeepingRecall(messages, settings.keepLast).flatMap((at) => {
    const text = recallText(questionRecall(messages, compression.parts, at, budget));
    return text === undefined ? [] : [{ at, text }];
  });
  return {
    ...compression,
    plan,
    recall,
    recallAt: lastUser,
    recallText: recallText(recall),
    keptRecalls,
  };
}

/**
 * The recall for the question at `at`, from the parts before it only: they are the same at
 * every step of its turn, so the recall is too, and the question with its recall stays
 * byte for byte in the cached prefix of the turn's later steps. Results of the turn's own
 * tool loop were compressed against this very question already.
 */
function questionRecall(
  messages: readonly BlockMessage[],
  parts: readonly CompressedPart[],
  at: number,
  budget: number,
) {
  const sources = parts.filter((part) => part.messageIndex < at);
  return sources.length > 0 ? recallOriginals(messages[at]!.text, sources, budget) : [];
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
  const recalls = [
    ...outcome.keptRecalls,
    ...(outcome.recallText === undefined
      ? []
      : [{ at: outcome.recallAt, text: outcome.recallText }]),
  ];
  for (const { at, text } of recalls) rewritten[at] = options.appendRecall(rewritten[at]!, text);
  return rewritten;
}
