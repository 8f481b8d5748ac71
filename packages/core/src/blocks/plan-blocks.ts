import { estimateTokens } from '../planner/estimate-tokens.ts';
import {
  blockCloses,
  DEFAULT_POLICY,
  openBoundary,
  pinnedHeadEnd,
} from '../policy/compression-policy.ts';
import type { Block, BlockMessage, BlockPlan, BlockPlanOptions } from './block-message.ts';

/**
 * Cuts a conversation into a pinned head, closed blocks and an open tail.
 *
 * Blocks are cut greedily from the head: a block closes at the first message boundary
 * where it holds at least `blockTokens` or a tool result (`blockCloses`), and no tool call
 * is parted from its result. Each
 * cut depends only on the messages before it, so as the conversation grows the earlier
 * cuts stay where they were: the blocks of one call are a prefix of the next call's, and
 * a block's compression can be reused byte for byte. Blocks never reach into the current
 * turn (from the last user message on), except batches of the older results of a long
 * tool loop beyond its newest `keepLast` (`openBoundary`); both rules are the policy's
 * (`policy/compression-policy.ts`).
 */
export function planBlocks(
  messages: readonly BlockMessage[],
  options: BlockPlanOptions = {},
): BlockPlan {
  const blockTokens = options.blockTokens ?? DEFAULT_POLICY.blockTokens;
  const headEnd = pinnedHeadEnd(messages, options.pinnedRoles);

  const allowedCut = cleanCuts(messages);
  const openFrom = openBoundary(messages, headEnd, options);
  const blocks: Block[] = [];
  let start = headEnd;
  let tokens = 0;
  let results = 0;
  for (let index = headEnd; index < openFrom; index++) {
    tokens += estimateTokens(messages[index]!.text);
    if ((messages[index]!.toolResultIds?.length ?? 0) > 0) results++;
    const cut = index + 1;
    if (blockCloses(tokens, results, blockTokens) && allowedCut[cut]) {
      blocks.push({ start, end: cut, estimatedTokens: tokens });
      start = cut;
      tokens = 0;
      results = 0;
    }
  }
  return { headEnd, blocks, tailStart: start };
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
