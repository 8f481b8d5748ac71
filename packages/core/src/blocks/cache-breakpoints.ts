import type { PlannerMessage } from '../planner/conversation.ts';

const hasResults = (message: PlannerMessage) => (message.toolResultIds?.length ?? 0) > 0;
const hasCalls = (message: PlannerMessage) => (message.toolCallIds?.length ?? 0) > 0;

/**
 * Whether the conversation's model keeps calling tools after a result within one turn:
 * some turn (the current one included) has a tool call after a tool result. Such a loop
 * sends its newest results again, verbatim, at its next step.
 */
export function loopsAfterResults(messages: readonly PlannerMessage[]): boolean {
  let sawResult = false;
  for (const message of messages) {
    if (message.role === 'user') sawResult = false;
    else if (hasResults(message)) sawResult = true;
    else if (sawResult && hasCalls(message)) return true;
  }
  return false;
}

/**
 * The end of a conversation's prompt, where the provider's cache should end so the next
 * call reads all of it back; `undefined` for a single question (no assistant message yet),
 * which has no next call to read it: caching it would only cost the write.
 */
export function conversationEnd(messages: readonly PlannerMessage[]): number | undefined {
  return messages.some((message) => message.role === 'assistant') ? messages.length - 1 : undefined;
}

/**
 * Block mode's tail breakpoint: the last message the next call will send unchanged.
 *
 * A prompt that ends with the current turn's tool results ends with text block mode
 * compresses once the turn is over: cached, those results would be written at the cache
 * write price (1.25x on Anthropic) and never read back. Unless the conversation shows a
 * tool loop (the next call being another step that sends them again), the cache ends
 * just before them. Every other prompt is cached to its end (`conversationEnd`).
 */
export function tailBreakpoint(messages: readonly PlannerMessage[]): number | undefined {
  const end = conversationEnd(messages);
  if (end === undefined) return undefined;
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const firstResult = messages.findIndex(
    (message, index) => index > lastUser && hasResults(message),
  );
  if (firstResult === -1 || loopsAfterResults(messages)) return end;
  return firstResult > 0 ? firstResult - 1 : undefined;
}

/**
 * Block mode's provider cache breakpoints (Anthropic allows four; this uses two), as
 * indexes of the prompt as it came in: after the last closed block, whose bytes every
 * later call repeats, and at the tail (`tailBreakpoint`). Ascending, without repeats.
 */
export function cacheBreakpoints(
  messages: readonly PlannerMessage[],
  lastBlockEnd: number | undefined,
): number[] {
  const points = new Set<number>();
  if (lastBlockEnd !== undefined && lastBlockEnd > 0) points.add(lastBlockEnd - 1);
  const tail = tailBreakpoint(messages);
  if (tail !== undefined) points.add(tail);
  return [...points].sort((left, right) => left - right);
}

/**
 * Anthropic's budget: at most four blocks with `cache_control` in one request, counting the
 * tools, the system prompt, the messages and a request-level (automatic) `cache_control`;
 * a fifth is a 400 ("A maximum of 4 blocks with cache_control may be provided").
 */
export const ANTHROPIC_CACHE_BREAKPOINTS = 4;

/** The cache marks the app set on a request itself, as the framework reads them. */
export interface AppCacheMarks {
  /** The breakpoints they take: on messages and their parts, the system prompt, tools, the request. */
  count: number;
  /** Indexes of the messages whose last block already carries an app mark: ours there adds none. */
  marked: ReadonlySet<number>;
}

export const NO_APP_CACHE_MARKS: AppCacheMarks = { count: 0, marked: new Set() };

/**
 * The breakpoints of `wanted` (block mode's, ascending) that fit beside the app's own
 * marks within `budget`. The app's marks are all kept and come first: a point the app
 * already marks needs no mark of ours, and of the rest only as many as the budget has
 * room for are placed, the latest first (a later breakpoint caches more of the prompt).
 * When nothing fits, the app's marks are the request's caching.
 */
export function fitCacheBreakpoints(
  wanted: readonly number[],
  app: AppCacheMarks,
  budget: number = ANTHROPIC_CACHE_BREAKPOINTS,
): number[] {
  const room = budget - app.count;
  if (room <= 0) return [];
  const needed = wanted.filter((index) => !app.marked.has(index));
  return needed.slice(Math.max(0, needed.length - room));
}
