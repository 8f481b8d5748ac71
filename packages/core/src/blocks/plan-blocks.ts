import { DEFAULT_POLICY } from '../planner/conversation-policy.ts';
import { estimateTokens } from '../planner/estimate-tokens.ts';
import type { Block, BlockMessage, BlockPlan, BlockPlanOptions } from './block-message.ts';
import { ANTHROPIC_CACHE_SCHEDULE, type CacheSchedule } from './cost-gate.ts';

/**
 * A block also closes once it holds a tool-result message: a result is compressed as soon
 * as the turn that used it is over (or, in a long tool loop, in a batch: `loopBoundary`). Its verbatim text is then sent in one call's open tail only, which
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
 * turn (from the last user message on), except batches of the older results of a long
 * tool loop beyond its newest `keepLast` (`loopBoundary`).
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
    options.cacheSchedule ?? ANTHROPIC_CACHE_SCHEDULE,
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

/** Blocks end before this index: the last user message, or past a batch of a long tool loop's older results. */
function openBoundary(
  messages: readonly BlockMessage[],
  keepLast: number,
  headEnd: number,
  schedule: CacheSchedule,
): number {
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  if (lastUser === -1) return headEnd;
  const results: number[] = [];
  for (let index = lastUser + 1; index < messages.length; index++) {
    if ((messages[index]!.toolResultIds?.length ?? 0) > 0) results.push(index);
  }
  if (results.length <= keepLast) return lastUser;
  // keepLast 0: every result of the current turn may close into a block as it arrives.
  if (keepLast === 0) return messages.length;
  return loopBoundary(messages, lastUser, results, keepLast, schedule);
}

/** Share of a tool result's tokens its compression is assumed to keep when closing a loop's batch. */
const LOOP_KEPT_RATIO = 0.3;

/**
 * Estimated tokens a tool loop's open tail may hold before its older results close anyway,
 * whatever the pricing says: a quarter of a 128k-token window, so a loop of large results
 * still fits. Above the 14-step loop of `bench conversation-cost` (about 20,000 tokens), so
 * that loop is never cut by it.
 */
export const LOOP_TAIL_MAX_TOKENS = 32_000;

/**
 * Where a running tool loop's closed blocks end. Within a loop every step's prompt is the
 * previous one plus the new call and result, all of it in the provider's cache. Closing
 * results rewrites the prompt from the first of them: their compressions (written once,
 * now or when the turn ends anyway) and the `keepLast` results kept whole after them (the
 * tail, T tokens), written again at `write` where the loop would have read them at `read`.
 * A batch of B tokens of results saves `read × (1 − kept) × B` on every later step, and
 * the number of later steps is unknown: the loop may end at the next one. So a batch closes
 * only once it is large enough to pay the tail's rewrite back on the very step it closes:
 *
 *   read × (1 − kept) × B ≥ (write − read) × T
 *
 * (with Anthropic's 0.1x and 1.25x, B ≥ 16.4 T), or once the tail since the last cut holds
 * `LOOP_TAIL_MAX_TOKENS`. A loop is then never dearer than sending it whole, and a batch
 * closes rarely: closing one result a step, as soon as it is older than the newest
 * `keepLast`, rewrote the tail at every step (1.54x to 1.70x of the loop sent whole in
 * `bench conversation-cost`). Each cut is decided on the prompt as it stood when that
 * result arrived, from the messages before it only, so every later step of the loop finds
 * the same cuts and its earlier blocks stay byte for byte in the cached prefix.
 */
function loopBoundary(
  messages: readonly BlockMessage[],
  lastUser: number,
  results: readonly number[],
  keepLast: number,
  schedule: CacheSchedule,
): number {
  const tokens = messages.map((message) => estimateTokens(message.text));
  let cut = lastUser;
  for (let order = keepLast; order < results.length; order++) {
    // The prompt as it stood once result `order` arrived ends with that result's message.
    const end = results[order]! + 1;
    const candidate = results[order - keepLast + 1]!;
    let batch = 0;
    for (let index = cut; index < candidate; index++) {
      if ((messages[index]!.toolResultIds?.length ?? 0) > 0) batch += tokens[index]!;
    }
    let tail = 0;
    for (let index = candidate; index < end; index++) tail += tokens[index]!;
    const saved = schedule.read * (1 - LOOP_KEPT_RATIO) * batch;
    const rewrite = (schedule.write - schedule.read) * tail;
    let open = 0;
    for (let index = cut; index < end; index++) open += tokens[index]!;
    if (batch > 0 && (saved >= rewrite || open >= LOOP_TAIL_MAX_TOKENS)) cut = candidate;
  }
  return cut;
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
