import type { ConversationRecord } from './cost-conversation-ai-sdk.ts';
import { promptShows, turnFacts } from './lookup-agent.ts';
import { AnthropicAutomaticCache } from './pricing-anthropic-automatic.ts';
import { AnthropicCache } from './pricing-anthropic-breakpoints.ts';
import { OpenAICache } from './pricing-openai-automatic.ts';
import { promptTokens, sharedPrefixTokens } from './prompt-tokens.ts';
import { invalidRequests } from './request-rules.ts';
import { sideCallCost } from './side-call-cost.ts';

export interface ConversationMetrics {
  modelCalls: number;
  /** Effective input cost, base-input-token units, under each schedule. */
  anthropicCost: number;
  /** Anthropic's prices with automatic prefix caching (`AnthropicAutomaticCache`). */
  anthropicAutomaticCost: number;
  openaiCost: number;
  /** Cumulative Anthropic cost at the end of each turn. */
  cumulativeCost: number[];
  /**
   * Mean share of each call's prompt (tokens) that the next call sends again as its
   * prefix: the part of what the provider cached that the next call reads back.
   */
  meanPrefixReuse: number;
  /** Mean share of each call's prompt (tokens) that repeats the previous call's prefix. */
  meanPrefixShareOfNext: number;
  compressCallsPerTurn: number;
  /** Characters sent to the service over the conversation, as a multiple of the conversation's own. */
  charactersSentRatio: number;
  /** Model calls whose prompt had a tool call without its result right after it. */
  brokenToolPairs: number;
  /** Share of late questions whose fact reached the model. */
  retention: number;
  /** Share of turns whose answer had every record it needs in front of the model (`turnFacts`). */
  currentAnswersComplete: number;
  /** Requests that break OpenAI's or Anthropic's (and Gemini's) message rules (`request-rules.ts`). */
  invalidRequests: number;
  /** Wall-clock milliseconds per model call over the conversation's turns. */
  msPerCall: number;
  /** Calls beside the agent's (a summarizer's), included in each cost above. */
  sideCalls: number;
}

/** Turn `t` (batch `t`) is complete when each of its facts is in the prompt of one of its calls. */
function completeTurns(record: ConversationRecord): number {
  let complete = 0;
  record.turnEnds.forEach((end, index) => {
    const calls = record.calls.slice(index === 0 ? 0 : record.turnEnds[index - 1], end);
    const batches = record.turnBatches?.[index] ?? [index + 1];
    const facts = batches.flatMap((batch) => turnFacts(batch, record.shape));
    if (facts.every((fact) => calls.some((call) => promptShows(call.text, fact)))) complete++;
  });
  return complete;
}

/** Anthropic's rule: each `tool_use` is answered by a `tool_result` in the next message. */
function brokenPairs(record: ConversationRecord): number {
  let broken = 0;
  for (const call of record.calls) {
    const messages = call.body.messages;
    messages.forEach((message, index) => {
      if (typeof message.content === 'string') return;
      const uses = message.content
        .filter((block) => block.type === 'tool_use')
        .map((block) => block.id);
      if (uses.length === 0) return;
      const next = messages[index + 1];
      const answered = new Set(
        next && typeof next.content !== 'string'
          ? next.content
              .filter((block) => block.type === 'tool_result')
              .map((block) => block.tool_use_id)
          : [],
      );
      if (uses.some((id) => !answered.has(id))) broken++;
    });
  }
  return broken;
}

export function measureConversation(
  record: ConversationRecord,
  turns: number,
): ConversationMetrics {
  const anthropic = new AnthropicCache();
  const openai = new OpenAICache();
  const automatic = new AnthropicAutomaticCache();
  let anthropicAutomaticCost = 0;
  let anthropicCost = 0;
  let openaiCost = 0;
  const perCall: number[] = [];
  let reuseSum = 0;
  let shareSum = 0;
  record.calls.forEach((call, index) => {
    const cost = anthropic.price(call.prompt).cost;
    anthropicCost += cost;
    perCall.push(cost);
    openaiCost += openai.price(call.prompt.blocks).cost;
    anthropicAutomaticCost += automatic.price(call.prompt.blocks).cost;
    if (index > 0) {
      const previous = record.calls[index - 1]!.prompt.blocks;
      const shared = sharedPrefixTokens(previous, call.prompt.blocks);
      reuseSum += shared / promptTokens(previous);
      shareSum += shared / promptTokens(call.prompt.blocks);
    }
  });
  const cumulativeCost: number[] = [];
  let running = 0;
  let callIndex = 0;
  for (const end of record.turnEnds) {
    while (callIndex < end) running += perCall[callIndex++]!;
    cumulativeCost.push(running);
  }
  const sentCharacters = record.compressCalls.reduce(
    (sum, params) =>
      sum +
      (typeof params.context === 'string'
        ? params.context.length
        : params.context.reduce((total, message) => total + message.content.length, 0)),
    0,
  );
  const side = sideCallCost(record.sideCalls ?? []);
  anthropicCost += side.anthropic;
  anthropicAutomaticCost += side.anthropic;
  openaiCost += side.openai;
  return {
    invalidRequests: invalidRequests(record.calls.map((call) => call.body)),
    msPerCall: (record.elapsedMs ?? 0) / Math.max(1, record.calls.length),
    sideCalls: record.sideCalls?.length ?? 0,
    modelCalls: record.calls.length,
    anthropicCost,
    anthropicAutomaticCost,
    openaiCost,
    cumulativeCost,
    meanPrefixReuse: record.calls.length > 1 ? reuseSum / (record.calls.length - 1) : 1,
    meanPrefixShareOfNext: record.calls.length > 1 ? shareSum / (record.calls.length - 1) : 1,
    compressCallsPerTurn: record.compressCalls.length / turns,
    charactersSentRatio: sentCharacters / record.conversationCharacters,
    brokenToolPairs: record.brokenToolPairs ?? brokenPairs(record),
    currentAnswersComplete: completeTurns(record) / record.turnEnds.length,
    retention:
      record.retained.length > 0
        ? record.retained.filter(Boolean).length / record.retained.length
        : 1,
  };
}
