import type { ContextOptimizer } from '../context-optimizer.ts';
import type {
  BlockReport,
  CompressedSpanReport,
  CompressionReport,
} from '../planner/compression-report.ts';
import type { PlannerMessage } from '../planner/conversation.ts';
import type { ConversationPolicy } from '../planner/conversation-policy.ts';
import type { CompressionPlan, CompressionSpan } from '../planner/plan-compression.ts';
import { toolCallArguments, toolResultQuery } from '../planner/tool-result-query.ts';
import {
  BLOCK_RESULT_TOKENS,
  blockPartText,
  blockResultLevel,
  blockResults,
  blockTextLevel,
  compressesBlockText,
  toolResultMinTokens,
} from '../policy/compression-policy.ts';
import type { GuardedStore } from '../store/guarded-store.ts';
import type { StoreScope } from '../store/store-scope.ts';
import { summarizeError } from '../usage-summary.ts';
import type { BlockMessage } from './block-message.ts';
import { runBlockMode } from './block-mode.ts';
import { cacheBreakpoints } from './cache-breakpoints.ts';
import type { CacheSchedule } from './cost-gate.ts';

/** For each message, the text of the user message that opened its turn. */
function turnQuestions(messages: readonly PlannerMessage[]): (string | undefined)[] {
  let question: string | undefined;
  return messages.map((message) => {
    if (message.role === 'user' && (message.toolResultIds?.length ?? 0) === 0)
      question = message.text;
    return question;
  });
}

/** How block mode is set up; the integrations fill it from their options. */
export interface BlockSettings {
  /** A block closes once it holds this many estimated tokens. @default 2500 */
  blockTokens?: number;
  /** Budget of the query-aware recall in estimated tokens; 0 turns it off. @default 300 */
  recallTokens?: number;
  /** How long the store keeps compressions and originals. */
  ttlSeconds: number;
  /** The provider's cache prices, for the cost gate. */
  cacheSchedule?: CacheSchedule;
}

export interface BlockCompressionRun {
  /** Tool-result spans, the recall (`plan.recall`) and the cache breakpoints (`plan.cacheBreakpoints`). */
  plan: CompressionPlan;
  texts: (string | undefined)[];
  report: CompressionReport & { blocks: BlockReport };
  error?: unknown;
}

export interface BlockRunCall {
  optimizer: ContextOptimizer;
  store: GuardedStore;
  /** Whose records these are (the tenant and the record secret). @default the optimizer's */
  scope?: StoreScope | undefined;
  /** The conversation the originals behind handles belong to (`conversationIdOf`). @default '' */
  conversation?: string | undefined;
  policy: ConversationPolicy;
  settings: BlockSettings;
  signal?: AbortSignal | undefined;
  maxRetries?: number | undefined;
  /** Cached input tokens the provider reported for this conversation's previous call. */
  cachedTokens?: number | undefined;
}

/**
 * Block mode in the shape of the conversation policy's result: each compressed tool
 * result of a closed block is a `tool-result` span (compressed against its turn's question
 * and its call, which never change) and each compressed long user or assistant text a
 * `message-text` span (query-free), replaced in place, so their text never changes from
 * call to call; the current question is never compressed; the recall is added to the
 * question (never a message of its own); the last block's end and the tail are cache
 * breakpoints.
 * `applyCompression` applies it.
 */
export async function runBlockCompression(
  messages: readonly PlannerMessage[],
  call: BlockRunCall,
): Promise<BlockCompressionRun> {
  const started = performance.now();
  const { policy } = call;
  const excluded = new Set(policy.toolResults.exclude);
  const pinned = new Set(policy.pinnedRoles);
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const questions = turnQuestions(messages);
  const calls = toolCallArguments(messages);
  const blockMessages: BlockMessage[] = messages.map((message, index) => {
    const shape = {
      role: message.role,
      text: message.text,
      ...(message.toolCallIds ? { toolCallIds: message.toolCallIds } : {}),
      ...(message.toolResultIds ? { toolResultIds: message.toolResultIds } : {}),
    };
    if (compressesBlockText(message, index === lastUser, pinned)) {
      const level = blockTextLevel(policy);
      return { ...shape, parts: [{ text: message.text, ...(level ? { level } : {}) }] };
    }
    return {
      ...shape,
      parts: blockResults(message, pinned, policy).map((result) => ({
        text: blockPartText(result, excluded),
        query: toolResultQuery(questions[index], result.toolName, calls.get(result.toolCallId)),
      })),
    };
  });
  const outcome = policy.disabled
    ? undefined
    : await runBlockMode(blockMessages, {
        optimizer: call.optimizer,
        store: call.store,
        ...(call.scope ? { scope: call.scope } : {}),
        ...(call.conversation === undefined ? {} : { conversation: call.conversation }),
        level: blockResultLevel(policy),
        // A level or mode the app set is what its tool results show, whole.
        ...(policy.level === undefined && policy.mode === undefined
          ? { resultTokens: BLOCK_RESULT_TOKENS }
          : {}),
        mode: policy.mode,
        partMinTokens: toolResultMinTokens(policy),
        ttlSeconds: call.settings.ttlSeconds,
        timeout: policy.timeout,
        signal: call.signal,
        ...(call.maxRetries === undefined
          ? {}
          : { requestOptions: { maxRetries: call.maxRetries } }),
        cachedTokens: call.cachedTokens,
        ...(call.settings.cacheSchedule ? { cacheSchedule: call.settings.cacheSchedule } : {}),
        ...(call.settings.blockTokens === undefined
          ? {}
          : { blockTokens: call.settings.blockTokens }),
        ...(call.settings.recallTokens === undefined
          ? {}
          : { recallTokens: call.settings.recallTokens }),
        pinnedRoles: policy.pinnedRoles,
        keepLast: policy.toolResults.keepLast,
      });
  if (call.signal?.aborted) throw call.signal.reason;
  if (outcome && outcome.errors.length > 0 && policy.onError === 'throw') throw outcome.errors[0];

  const spans: CompressionSpan[] = [];
  const texts: string[] = [];
  const spanReports: CompressedSpanReport[] = [];
  for (const part of outcome?.parts ?? []) {
    // A part is one of the message's tool results, or (a message without any) its whole text.
    const result = messages[part.messageIndex]!.toolResults?.[part.partIndex];
    const where = result
      ? { kind: 'tool-result' as const, toolCallId: result.toolCallId, toolName: result.toolName }
      : { kind: 'message-text' as const };
    spans.push({
      ...where,
      messageIndex: part.messageIndex,
      params: { context: part.original },
      estimatedTokens: Math.ceil(part.original.length / 4),
    });
    texts.push(part.text);
    spanReports.push({
      ...where,
      messageIndexes: [part.messageIndex],
      status: 'compressed',
      cached: part.reused,
      charactersBefore: part.original.length,
      charactersAfter: part.text.length,
      inputTokens: part.inputTokens,
      compressedTokens: part.compressedTokens,
      savedTokens: part.inputTokens - part.compressedTokens,
      compressedText: part.text,
    });
  }
  const inputTokens = spanReports.reduce((sum, span) => sum + span.inputTokens, 0);
  const compressedTokens = spanReports.reduce((sum, span) => sum + span.compressedTokens, 0);
  const requestIds = (outcome?.responses ?? []).map((response) => response.requestId);
  const promptTokens = messages.reduce(
    (sum, message) => sum + Math.ceil(message.text.length / 4),
    0,
  );
  const failed = outcome?.errors[0];
  const plan: CompressionPlan = {
    spans,
    dropReasoning: [],
    removeEmpty: [],
    promptTokens,
    ...(outcome ? {} : { skipReason: 'disabled' as const }),
    ...(outcome?.recallText === undefined
      ? {}
      : { recall: { at: outcome.recallAt, text: outcome.recallText } }),
    ...(outcome && outcome.keptRecalls.length > 0 ? { keptRecalls: outcome.keptRecalls } : {}),
    ...(outcome
      ? { cacheBreakpoints: cacheBreakpoints(messages, outcome.plan.blocks.at(-1)?.end) }
      : {}),
  };
  const status = spans.length > 0 ? 'compressed' : failed ? 'failed' : 'skipped';
  const report: BlockCompressionRun['report'] = {
    status,
    ...(status === 'skipped'
      ? { reason: outcome ? ('nothing-to-compress' as const) : ('disabled' as const) }
      : {}),
    spans: spanReports,
    ...(requestIds.length > 0 ? { requestId: requestIds.at(-1)! } : {}),
    requestIds,
    calls: outcome?.stats.compressCalls ?? 0,
    chargedInputTokens: (outcome?.responses ?? []).reduce(
      (sum, response) => sum + response.usage.request.inputTokens,
      0,
    ),
    reusedInputTokens: spanReports
      .filter((span) => span.cached)
      .reduce((sum, span) => sum + span.inputTokens, 0),
    inputTokens,
    compressedTokens,
    savedTokens: inputTokens - compressedTokens,
    reductionPct:
      inputTokens > 0
        ? Math.round(((inputTokens - compressedTokens) / inputTokens) * 10_000) / 100
        : 0,
    promptTokens,
    droppedReasoning: 0,
    removedMessages: 0,
    durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    blocks: {
      blocks: outcome?.plan.blocks.length ?? 0,
      tailStart: outcome?.plan.tailStart ?? 0,
      compressedParts: outcome?.stats.compressedParts ?? 0,
      reusedParts: outcome?.stats.reusedParts ?? 0,
      charactersSent: outcome?.stats.charactersSent ?? 0,
      gatedParts: outcome?.stats.gatedParts ?? 0,
      recalledLines: outcome?.recall.length ?? 0,
    },
  };
  if (failed !== undefined) report.error = summarizeError(failed);
  const monthly = outcome?.responses.findLast((response) => response.usage.monthly)?.usage.monthly;
  if (monthly) {
    const { limitTokens, usedTokens, remainingTokens, resetsAt } = monthly;
    report.monthly = { limitTokens, usedTokens, remainingTokens, resetsAt };
  }
  return { plan, texts, report, ...(failed === undefined ? {} : { error: failed }) };
}
