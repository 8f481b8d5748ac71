import {
  type AppCacheMarks,
  fitCacheBreakpoints,
  NO_APP_CACHE_MARKS,
} from '../blocks/cache-breakpoints.ts';
import type { CompressionPlan } from './plan-compression.ts';

/** How a framework edits its own messages; the planner decides where. */
export interface MessageEdits<T> {
  /** The one message that takes the place of a compressed history span. */
  historyMessage(compressedText: string): T;
  /** The message with the result of `toolCallId` replaced by `compressedText`, all else kept. */
  replaceToolResult(message: T, toolCallId: string, compressedText: string): T;
  /** Block mode: the (text-only) user or assistant message with its text replaced by `compressedText`, all else kept. */
  replaceText(message: T, compressedText: string): T;
  /** The message without its reasoning parts. */
  dropReasoning(message: T): T;
  /**
   * Block mode: the current question (a user message) with the recall added after its
   * content, all else kept. The recall rides with the question it serves, never as a
   * message of its own inside the turn.
   */
  appendRecall(message: T, text: string): T;
  /** The message marked as a provider cache breakpoint (Anthropic `cacheControl`); absent: no marker. */
  markCacheBreakpoint?(message: T): T;
  /**
   * The cache marks the app set on this request itself (messages, system, tools, request):
   * block mode adds only the breakpoints that fit beside them (`fitCacheBreakpoints`).
   * @default none
   */
  appCacheMarks?(messages: readonly T[]): AppCacheMarks;
  /**
   * The shape every message of a prompt that carries cache markers is sent in, when the
   * framework sends a marked message in another shape than an unmarked one: a marker that
   * moves to another message on the next call then changes nothing else in the bytes.
   */
  markableShape?(message: T): T;
}

/** The plan's cache breakpoints the framework can mark and the app's marks leave room for. */
function breakpointsToMark<T>(
  messages: readonly T[],
  plan: CompressionPlan,
  edits: MessageEdits<T>,
): number[] {
  if (edits.markCacheBreakpoint === undefined || (plan.cacheBreakpoints?.length ?? 0) === 0) {
    return [];
  }
  const app = edits.appCacheMarks?.(messages) ?? NO_APP_CACHE_MARKS;
  return fitCacheBreakpoints(plan.cacheBreakpoints!, app);
}

/**
 * Whether applying `plan` (with `breakpoints` to mark) changes the prompt at all; when it does not,
 * `applyCompression` hands the framework its own prompt back (in the AI SDK its identity
 * ties a retry to its call).
 */
function changesPrompt(
  plan: CompressionPlan,
  texts: readonly (string | undefined)[],
  breakpoints: readonly number[],
): boolean {
  return (
    texts.some((text) => text !== undefined) ||
    plan.removeEmpty.length > 0 ||
    plan.dropReasoning.length > 0 ||
    plan.recall !== undefined ||
    (plan.keptRecalls?.length ?? 0) > 0 ||
    breakpoints.length > 0
  );
}

/**
 * Builds the prompt the model receives: each span with a compressed text (`texts[i]` for
 * `plan.spans[i]`; `undefined` keeps the span as it was) put in place, reasoning dropped
 * and empty messages removed where the plan says. Untouched messages keep their identity,
 * and a plan that changes nothing returns `messages` itself.
 */
export function applyCompression<T>(
  messages: T[],
  plan: CompressionPlan,
  texts: readonly (string | undefined)[],
  edits: MessageEdits<T>,
): T[] {
  const breakpoints = breakpointsToMark(messages, plan, edits);
  if (!changesPrompt(plan, texts, breakpoints)) return messages;
  const edited = [...messages];
  const removed = new Set(plan.removeEmpty);
  for (const index of plan.dropReasoning) edited[index] = edits.dropReasoning(edited[index]!);
  for (const { at, text } of [...(plan.keptRecalls ?? []), ...(plan.recall ? [plan.recall] : [])]) {
    edited[at] = edits.appendRecall(edited[at]!, text);
  }
  let history: { start: number; end: number; text: string } | undefined;
  plan.spans.forEach((span, spanIndex) => {
    const text = texts[spanIndex];
    if (text === undefined) return;
    if (span.kind === 'history') history = { start: span.start, end: span.end, text };
    else if (span.kind === 'message-text') {
      edited[span.messageIndex] = edits.replaceText(edited[span.messageIndex]!, text);
    } else {
      const message = edited[span.messageIndex]!;
      edited[span.messageIndex] = edits.replaceToolResult(message, span.toolCallId, text);
    }
  });
  const marked = breakpoints.length > 0;
  for (const index of breakpoints) edited[index] = edits.markCacheBreakpoint!(edited[index]!);
  const result: T[] = [];
  edited.forEach((message, index) => {
    if (history && index >= history.start && index < history.end) {
      // An empty compressed text removes the span.
      if (index === history.start && history.text.length > 0) {
        result.push(edits.historyMessage(history.text));
      }
      return;
    }
    if (!removed.has(index)) result.push(message);
  });
  return marked && edits.markableShape ? result.map(edits.markableShape) : result;
}
