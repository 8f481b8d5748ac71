import { InvalidOptionError } from '../errors.ts';
import { type CompressParams, levelOrModeOf } from '../schemas.ts';
import type { CompressionSkipReason } from './compression-report.ts';
import type { PlannerMessage } from './conversation.ts';
import type { ConversationPolicy } from './conversation-policy.ts';
import { estimateTokens } from './estimate-tokens.ts';
import { planConversation } from './plan-conversation.ts';
import { toolCallArguments, toolResultQuery } from './tool-result-query.ts';

/** One piece of the prompt sent for compression on its own. */
export type CompressionSpan =
  | {
      kind: 'history';
      /** The messages `[start, end)` are replaced by one message with the compressed text. */
      start: number;
      end: number;
      params: CompressParams;
      estimatedTokens: number;
    }
  | {
      kind: 'tool-result';
      /** The message that carries the result; the result is replaced in place. */
      messageIndex: number;
      toolCallId: string;
      toolName: string;
      params: CompressParams;
      estimatedTokens: number;
    }
  | {
      /** Block mode: a long user or assistant text, replaced in place by its compression. */
      kind: 'message-text';
      messageIndex: number;
      params: CompressParams;
      estimatedTokens: number;
    };

/** What the policy does with one prompt. */
export interface CompressionPlan {
  /** The spans to send, each its own compress call (or cache hit). */
  spans: CompressionSpan[];
  /** Why no span is sent. */
  skipReason?: CompressionSkipReason;
  /** Messages whose reasoning parts are removed. */
  dropReasoning: number[];
  /** Messages removed because they hold nothing (after reasoning was dropped). */
  removeEmpty: number[];
  /** The prompt's size by the (calibrated) counter. */
  promptTokens: number;
  /** Block mode: the recall, added to the current question at `at` (an index of the prompt as it came in). */
  recall?: { at: number; text: string };
  /** Block mode: the recalls earlier questions keep (`BlockModeOutcome.keptRecalls`), added the same way. */
  keptRecalls?: { at: number; text: string }[];
  /**
   * Block mode: indexes of the messages (of the prompt as it came in) where a provider
   * cache breakpoint goes (Anthropic `cache_control`): the last message of the last closed
   * block, and the end of what the next call sends unchanged (`cacheBreakpoints`).
   */
  cacheBreakpoints?: number[];
}

export interface PlanCompressionContext {
  /** The (calibrated) token counter. @default `estimateTokens` */
  countTokens?: (text: string) => number;
}

/**
 * Applies the conversation policy to a prompt: what is compressed (one history span and
 * older tool results, each in place), what stays verbatim (pinned roles, the current
 * question, the last `keep` messages, the newest `toolResults.keepLast` results, excluded
 * tools, anything text cannot carry), and what is pruned (reasoning, empty messages).
 *
 * Valid for every provider by construction: a tool call and its result are folded into
 * the history together or not at all (the planner never cuts a pair), a result
 * compressed in place only changes its text, and reasoning tied to a tool call or a
 * provider item stays.
 */
export function planCompression(
  messages: readonly PlannerMessage[],
  policy: ConversationPolicy,
  context: PlanCompressionContext = {},
): CompressionPlan {
  const countTokens = context.countTokens ?? estimateTokens;
  const sizes = messages.map((message) => countTokens(message.text));
  const promptTokens = sizes.reduce((sum, size) => sum + size, 0);
  const empty: CompressionPlan = { spans: [], dropReasoning: [], removeEmpty: [], promptTokens };
  if (policy.disabled) return { ...empty, skipReason: 'disabled' };

  const pruned = prune(messages, policy);
  const plan = { ...empty, ...pruned };
  if (!triggerFires(messages.length, promptTokens, policy)) {
    return { ...plan, skipReason: 'below-trigger' };
  }

  const keepFrom = messages.length - keptAtEnd(sizes, policy);
  const verbatim = verbatimToolResults(messages, policy);
  const history = planConversation(
    // Complete tool cycles of earlier turns fold into the history like any other message;
    // a result that must stay verbatim pins its message (and so keeps its call too).
    messages.map((message, index) =>
      verbatim.has(index) ||
      (!policy.toolResults.compress &&
        (message.toolCallIds?.length || message.toolResultIds?.length))
        ? { ...message, hasNonTextParts: true }
        : message,
    ),
    {
      minTokens: policy.minTokens,
      pinnedRoles: policy.pinnedRoles,
      protectLastMessages: messages.length - keepFrom,
      countTokens,
    },
  );
  const spans: CompressionSpan[] = [];
  const inHistory = (index: number) =>
    history.compress && index >= history.spanStart && index < history.spanEnd;
  if (history.compress) {
    spans.push({
      kind: 'history',
      start: history.spanStart,
      end: history.spanEnd,
      params: withLevel({ context: history.context, ...queryOf(history.query) }, policy),
      estimatedTokens: history.estimatedTokens,
    });
  }
  spans.push(
    ...toolResultSpans(
      messages,
      policy,
      history.query,
      countTokens,
      (index) => index < keepFrom && !verbatim.has(index) && !inHistory(index),
    ),
  );
  if (spans.length === 0)
    return { ...plan, skipReason: history.skipReason ?? 'nothing-to-compress' };
  return { ...plan, spans };
}

/** Reasoning before the last message (unless tied to a call or item), then empty messages. */
function prune(messages: readonly PlannerMessage[], policy: ConversationPolicy) {
  const dropReasoning: number[] = [];
  const removeEmpty: number[] = [];
  const last = messages.length - 1;
  messages.forEach((message, index) => {
    if (index === last) return;
    const drops =
      policy.reasoning === 'drop' && message.reasoning === 'free' && !message.toolCalls?.length;
    if (drops) dropReasoning.push(index);
    if (message.contentParts === 0 && (message.reasoning === undefined || drops)) {
      removeEmpty.push(index);
    }
  });
  return { dropReasoning, removeEmpty };
}

function triggerFires(
  messageCount: number,
  promptTokens: number,
  policy: ConversationPolicy,
): boolean {
  const { tokens, messages, fraction } = policy.trigger;
  if (tokens === undefined && messages === undefined && fraction === undefined) return true;
  if (tokens !== undefined && promptTokens > tokens) return true;
  if (messages !== undefined && messageCount > messages) return true;
  if (fraction !== undefined) {
    if (policy.contextWindow === undefined) {
      throw new InvalidOptionError(
        'trigger.fraction',
        'needs the model context window: set contextWindow (the model has no profile that gives it)',
      );
    }
    if (promptTokens > fraction * policy.contextWindow) return true;
  }
  return false;
}

/** How many messages at the end stay verbatim under `keep`. */
function keptAtEnd(sizes: readonly number[], policy: ConversationPolicy): number {
  let kept = Math.min(sizes.length, policy.keep.messages ?? 0);
  if (policy.keep.tokens !== undefined) {
    let total = 0;
    let count = 0;
    for (let index = sizes.length - 1; index >= 0; index--) {
      total += sizes[index]!;
      if (total > policy.keep.tokens) break;
      count++;
    }
    kept = Math.max(kept, count);
  }
  return kept;
}

/**
 * Messages whose tool results stay verbatim: the newest `keepLast` results, results of
 * excluded tools, and results text cannot carry.
 */
function verbatimToolResults(
  messages: readonly PlannerMessage[],
  policy: ConversationPolicy,
): Set<number> {
  const { keepLast, exclude } = policy.toolResults;
  const excluded = new Set(exclude);
  const verbatim = new Set<number>();
  const results = messages.flatMap((message, messageIndex) =>
    (message.toolResults ?? []).map((result) => ({ ...result, messageIndex })),
  );
  results.forEach((result, order) => {
    const newest = order >= results.length - keepLast;
    if (newest || excluded.has(result.toolName) || result.text === undefined) {
      verbatim.add(result.messageIndex);
    }
  });
  return verbatim;
}

/** Each remaining tool result, compressed in place against the question and its call. */
function toolResultSpans(
  messages: readonly PlannerMessage[],
  policy: ConversationPolicy,
  question: string | undefined,
  countTokens: (text: string) => number,
  compressible: (messageIndex: number) => boolean,
): CompressionSpan[] {
  const { compress, minTokens } = policy.toolResults;
  if (!compress) return [];
  const calls = toolCallArguments(messages);
  const pinnedRoles = new Set(policy.pinnedRoles);
  const spans: CompressionSpan[] = [];
  messages.forEach((message, messageIndex) => {
    if (!compressible(messageIndex) || pinnedRoles.has(message.role)) return;
    for (const { toolCallId, toolName, text } of message.toolResults ?? []) {
      if (text === undefined) continue;
      const estimatedTokens = countTokens(text);
      if (estimatedTokens < Math.max(1, minTokens)) continue;
      const query = toolResultQuery(question, toolName, calls.get(toolCallId));
      spans.push({
        kind: 'tool-result',
        messageIndex,
        toolCallId,
        toolName,
        params: withLevel({ context: text, query }, policy),
        estimatedTokens,
      });
    }
  });
  return spans;
}

function queryOf(query: string | undefined): { query?: string } {
  return query === undefined || query.length === 0 ? {} : { query };
}

function withLevel(params: CompressParams, policy: ConversationPolicy): CompressParams {
  if (policy.level === undefined && policy.mode === undefined) return params;
  const { level: _level, mode: _mode, ...rest } = params;
  return { ...rest, ...levelOrModeOf(policy) };
}
