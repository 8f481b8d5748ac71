import { DEFAULT_POLICY } from '../planner/conversation-policy.ts';
import { estimateTokens } from '../planner/estimate-tokens.ts';
import type { Block, BlockMessage, BlockPlan, BlockPlanOptions } from './block-message.ts';

/**
 * A block also closes once it holds a tool-result message: a result is compressed as soon
 * as the turn that used it is over (or, in a long tool loop, once it is older than the
 * newest `keepLast`). Its verbatim text is then sent in one call's open tail only, which
 * `tailBreakpoint` leaves out of the provider's cache, so it is never written there at the
 * cache write price to be read back once or twice; closing later would save a few rewrites
 * of the prefix but reads every verbatim result again at each call until its block closes.
 */
const BLOCK_TOOL_RESULTS = 1;

/**
 * Cuts a conversation into a pinned head, closed blocks and an open tail.
 *
 * Blocks are cut greedily from the head: a block closes at the first message boundary
 * where it holds at least `blockTokens` or a tool result, and no tool call is parted
 * from its result. Each
 * cut depends only on the messages before it, so as the conversation grows the earlier
 * cuts stay where they were: the blocks of one call are a prefix of the next call's, and
 * a block's compression can be reused byte for byte. Blocks never reach into the current
 * turn (from the last user message on), except the older results of a long tool loop
 * beyond its newest `keepLast`.
 */
export function planBlocks(
  messages: readonly BlockMessage[],
  options: BlockPlanOptions = {},
): BlockPlan {
  const blockTokens = options.blockTokens ?? DEFAULT_POLICY.blockTokens;
  const pinnedRoles = new Set(options.pinnedRoles ?? DEFAULT_POLICY.pinnedRoles);
  let headEnd = 0;
  while (headEnd < messages.length && pinnedRoles.has(messages[headEnd]!.role)) headEnd++;

  const allowedCut = cleanCuts(messages);
  const openFrom = openBoundary(
    messages,
    options.keepLast ?? DEFAULT_POLICY.toolResultsKeepLast,
    headEnd,
  );
  const blocks: Block[] = [];
  let start = headEnd;
  let tokens = 0;
  let results = 0;
  for (let index = headEnd; index < openFrom; index++) {
    tokens += estimateTokens(messages[index]!.text);
    if ((messages[index]!.toolResultIds?.length ?? 0) > 0) results++;
    const cut = index + 1;
    if ((tokens >= blockTokens || results >= BLOCK_TOOL_RESULTS) && allowedCut[cut]) {
      blocks.push({ start, end: cut, estimatedTokens: tokens });
      start = cut;
      tokens = 0;
      results = 0;
    }
  }
  return { headEnd, blocks, tailStart: start };
}

/** Blocks end before this index: the last user message, or past the older results of a long tool loop. */
function openBoundary(
  messages: readonly BlockMessage[],
  keepLast: number,
  headEnd: number,
): number {
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  if (lastUser === -1) return headEnd;
  const results: number[] = [];
  for (let index = lastUser + 1; index < messages.length; index++) {
    if ((messages[index]!.toolResultIds?.length ?? 0) > 0) results.push(index);
  }
  if (results.length <= keepLast) return lastUser;
  // keepLast 0: every result of the current turn may close into a block as it arrives.
  return keepLast === 0 ? messages.length : results[results.length - keepLast]!;
}

/**
 * `allowedCut[i]`: a block may end just before message `i` without parting a tool call
 * from its result. A call with no result yet forbids every cut after it, so a cut that
 * is allowed now stays allowed when the result arrives. A result with no call (a trimmed
 * history) constrains nothing: it is never compressed.
 */
function cleanCuts(messages: readonly BlockMessage[]): boolean[] {
  const calls = new Map<string, number>();
  const results = new Map<string, number>();
  messages.forEach((message, index) => {
    for (const id of message.toolCallIds ?? []) if (!calls.has(id)) calls.set(id, index);
    for (const id of message.toolResultIds ?? []) results.set(id, index);
  });
  const allowedCut = new Array<boolean>(messages.length + 1).fill(true);
  const forbid = (from: number, to: number) => {
    for (let cut = from + 1; cut <= to; cut++) allowedCut[cut] = false;
  };
  for (const [id, callIndex] of calls) {
    const resultIndex = results.get(id);
    if (resultIndex === undefined) forbid(callIndex, messages.length);
    else forbid(Math.min(callIndex, resultIndex), Math.max(callIndex, resultIndex));
  }
  return allowedCut;
}
