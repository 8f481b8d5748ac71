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
   * The shape every message of a prompt that carries cache markers is sent in, when the
   * framework sends a marked message in another shape than an unmarked one: a marker that
   * moves to another message on the next call then changes nothing else in the bytes.
   */
  markableShape?(message: T): T;
}

/** Whether the plan places cache breakpoints and the framework can mark them. */
function marksBreakpoints<T>(plan: CompressionPlan, edits: MessageEdits<T>): boolean {
  return edits.markCacheBreakpoint !== undefined && (plan.cacheBreakpoints?.length ?? 0) > 0;
}

/**
 * Whether applying `plan` with `edits` changes the prompt at all; when it does not,
 * `applyCompression` hands the framework its own prompt back (in the AI SDK its identity
 * ties a retry to its call).
 */
function changesPrompt<T>(
  plan: CompressionPlan,
  texts: readonly (string | undefined)[],
  edits: MessageEdits<T>,
): boolean {
  return (
    texts.some((text) => text !== undefined) ||
    plan.removeEmpty.length > 0 ||
    plan.dropReasoning.length > 0 ||
    plan.recall !== undefined ||
    (plan.keptRecalls?.length ?? 0) > 0 ||
    marksBreakpoints(plan, edits)
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
  if (!changesPrompt(plan, texts, edits)) return messages;
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
  const marked = marksBreakpoints(plan, edits);
  if (marked) {
    for (const index of plan.cacheBreakpoints!) {
      edited[index] = edits.markCacheBreakpoint!(edited[index]!);
    }
  }
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
