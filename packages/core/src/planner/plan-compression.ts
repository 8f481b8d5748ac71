import {
  compressesToolResult,
  dropsReasoning,
  keptAtEnd,
  pinsToolCycle,
  removesEmptyMessage,
  triggerFires,
  verbatimToolResults,
  withPolicyLevel,
} from '../policy/compression-policy.ts';
import type { CompressParams } from '../schemas.ts';
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
      pinsToolCycle(message, verbatim.has(index), policy)
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
      params: withPolicyLevel({ context: history.context, ...queryOf(history.query) }, policy),
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
    const drops = dropsReasoning(message, index === last, policy);
    if (drops) dropReasoning.push(index);
    if (removesEmptyMessage(message, index === last, drops)) removeEmpty.push(index);
  });
  return { dropReasoning, removeEmpty };
}

/** Each remaining tool result, compressed in place against the question and its call. */
function toolResultSpans(
  messages: readonly PlannerMessage[],
  policy: ConversationPolicy,
  question: string | undefined,
  countTokens: (text: string) => number,
  compressible: (messageIndex: number) => boolean,
): CompressionSpan[] {
  if (!policy.toolResults.compress) return [];
  const calls = toolCallArguments(messages);
  const spans: CompressionSpan[] = [];
  messages.forEach((message, messageIndex) => {
    if (!compressible(messageIndex)) return;
    for (const result of message.toolResults ?? []) {
      const { toolCallId, toolName, text } = result;
      if (text === undefined) continue;
      const estimatedTokens = countTokens(text);
      if (!compressesToolResult(message, result, estimatedTokens, policy)) continue;
      const query = toolResultQuery(question, toolName, calls.get(toolCallId));
      spans.push({
        kind: 'tool-result',
        messageIndex,
        toolCallId,
        toolName,
        params: withPolicyLevel({ context: text, query }, policy),
        estimatedTokens,
      });
    }
  });
  return spans;
}

function queryOf(query: string | undefined): { query?: string } {
  return query === undefined || query.length === 0 ? {} : { query };
}
