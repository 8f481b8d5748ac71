import {
  DEFAULT_POLICY,
  foldsIntoHistory,
  historyEnd,
  historyWorthSending,
} from '../policy/compression-policy.ts';
import type { ConversationPlan, PlannerMessage, PlanOptions } from './conversation.ts';
import { estimateTokens } from './estimate-tokens.ts';
import { fitContext } from './fit-context.ts';

/**
 * Splits a conversation into what stays as it is and one compressible span.
 *
 * Kept as they are: pinned roles (system), every message from the last user message on
 * (the current turn and any tool cycle still running), messages with non-text parts,
 * and tool calls or results whose partner would end up on the other side of a cut.
 * The span is the largest run of the rest, measured in estimated tokens, whose two
 * ends cut no tool call from its result.
 *
 * A later block mode (stable, cached blocks so provider prompt caches survive) fits
 * here: it would return several spans cut at the same boundaries each turn.
 */
export function planConversation(
  messages: readonly PlannerMessage[],
  options: PlanOptions = {},
): ConversationPlan {
  const pinnedRoles = new Set(options.pinnedRoles ?? DEFAULT_POLICY.pinnedRoles);
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const tailStart = historyEnd(messages, options.protectLastMessages ?? 0);
  const query = lastUser === -1 ? undefined : messages[lastUser]!.text;

  const { allowedCut, orphan } = toolBoundaries(messages);
  const compressible = (index: number) =>
    foldsIntoHistory(messages[index]!, pinnedRoles, orphan[index]!);

  let best = { start: 0, end: 0, tokens: 0 };
  let runStart = 0;
  for (let index = 0; index <= tailStart; index++) {
    if (index < tailStart && compressible(index)) continue;
    // [runStart, index) is a run of compressible messages; trim it to allowed cuts.
    let start = runStart;
    while (start < index && !allowedCut[start]) start++;
    let end = index;
    while (end > start && !allowedCut[end]) end--;
    const tokens = spanTokens(messages, start, end, options.countTokens ?? estimateTokens);
    if (tokens > best.tokens) best = { start, end, tokens };
    runStart = index + 1;
  }

  const spanMessages = messages
    .slice(best.start, best.end)
    .filter((message) => message.text.length > 0)
    .map((message) => ({ role: message.role, content: message.text }));
  const plan: ConversationPlan = {
    compress: false,
    spanStart: best.start,
    spanEnd: best.end,
    context: fitContext(spanMessages),
    estimatedTokens: best.tokens,
    ...(query === undefined ? {} : { query }),
  };
  if (spanMessages.length === 0) return { ...plan, skipReason: 'nothing-to-compress' };
  if (!historyWorthSending(best.tokens, options.minTokens ?? 0)) {
    return { ...plan, skipReason: 'below-min-tokens' };
  }
  return { ...plan, compress: true };
}

function spanTokens(
  messages: readonly PlannerMessage[],
  start: number,
  end: number,
  countTokens: (text: string) => number,
): number {
  let tokens = 0;
  for (let index = start; index < end; index++) tokens += countTokens(messages[index]!.text);
  return tokens;
}

/**
 * `allowedCut[i]` says whether a span may begin or end just before message `i` without
 * separating a tool call from its result. `orphan[i]` marks a message holding a call with
 * no result or a result with no call: it is kept as it is, never compressed away.
 */
function toolBoundaries(messages: readonly PlannerMessage[]) {
  const calls = new Map<string, number>();
  const results = new Map<string, number>();
  messages.forEach((message, index) => {
    for (const id of message.toolCallIds ?? []) calls.set(id, index);
    for (const id of message.toolResultIds ?? []) results.set(id, index);
  });
  const allowedCut = new Array<boolean>(messages.length + 1).fill(true);
  const orphan = new Array<boolean>(messages.length).fill(false);
  const forbid = (from: number, to: number) => {
    for (let cut = from + 1; cut <= to; cut++) allowedCut[cut] = false;
  };
  for (const [id, callIndex] of calls) {
    const resultIndex = results.get(id);
    if (resultIndex === undefined) orphan[callIndex] = true;
    else forbid(Math.min(callIndex, resultIndex), Math.max(callIndex, resultIndex));
  }
  for (const [id, resultIndex] of results) {
    if (!calls.has(id)) orphan[resultIndex] = true;
  }
  return { allowedCut, orphan };
}
