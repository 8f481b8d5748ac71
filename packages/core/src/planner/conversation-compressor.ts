import { runBlockCompression } from '../blocks/block-compression-run.ts';
import { conversationEnd } from '../blocks/cache-breakpoints.ts';
import {
  conversationIdOf,
  conversationKey,
  REMEMBERED_CONVERSATIONS,
} from '../blocks/conversation-id.ts';
import { RetrieveToolOffers } from '../blocks/retrieve-tool-offer.ts';
import type { ContextOptimizer } from '../context-optimizer.ts';
import { APIUserAbortError } from '../errors.ts';
import { setNewest } from '../newest-entries.ts';
import { blockModeEngages, marksCacheWithoutBlocks } from '../policy/compression-policy.ts';
import type { CompressResponse } from '../schemas.ts';
import { blockPolicyAtLevels, type LevelFor, planAtLevels } from '../shadow/adapted-levels.ts';
import { ShadowEvaluator } from '../shadow/shadow-evaluator.ts';
import { DEFAULT_STORE_TTL_SECONDS } from '../store/compression-store.ts';
import { type GuardedStore, guardStore } from '../store/guarded-store.ts';
import { MemoryCompressionStore } from '../store/memory-compression-store.ts';
import { StoreScope } from '../store/store-scope.ts';
import { summarizeError } from '../usage-summary.ts';
import { keepsJsonShape } from './compressed-json.ts';
import { CompressionCache } from './compression-cache.ts';
import type { CompressedSpanReport, CompressionReport } from './compression-report.ts';
import { traceCompression } from './compression-tracing.ts';
import type { PlannerMessage } from './conversation.ts';
import type { ConversationPolicy } from './conversation-policy.ts';
import { Deadline } from './deadline.ts';
import type { OptionSource } from './option-keys.ts';
import { type CompressionPlan, type CompressionSpan, planCompression } from './plan-compression.ts';
import { applyCallOptions } from './resolve-policy.ts';
import { CalibratedTokenCounter } from './token-counter.ts';

/** What one prompt's compression produced. */
export interface CompressionRun {
  plan: CompressionPlan;
  /** The compressed text for each of `plan.spans`, or `undefined` where the span stays as it was. */
  texts: (string | undefined)[];
  report: CompressionReport;
  /** The first failure that was swallowed to fail open. */
  error?: unknown;
}

export interface CompressionCall {
  /** The policy for this call (the instance's, with per-call options applied). */
  policy?: ConversationPolicy;
  /** The caller's signal: its abort ends the compression and propagates. */
  signal?: AbortSignal;
  /** Extra request options, such as `maxRetries: 0` where the framework retries itself. */
  maxRetries?: number;
  /** Shadow evaluation's `adapt`: the level each kind of content is compressed at. */
  levelFor?: LevelFor;
}

/**
 * The conversation policy at work, shared by both integrations: plans a prompt, sends
 * each span (reusing unchanged ones from its cache), under one deadline for all of them,
 * traces each compression, reports through `onCompress`, and learns the provider's token
 * counts. The framework packages only map their messages to `PlannerMessage` and apply
 * the result with `applyCompression`.
 */
export class ConversationCompressor {
  readonly optimizer: ContextOptimizer;
  readonly policy: ConversationPolicy;
  readonly tokens: CalibratedTokenCounter;
  readonly #cache: CompressionCache;
  /** Block mode's compressions and originals; a failing store is a miss, never an error. */
  readonly store: GuardedStore;
  /** Whose records the store holds: the optimizer's credential and the secret, before a per-call `scope`. */
  readonly storeScope: StoreScope;
  /** Shadow evaluation and `observe`, per instance: agreement figures and adapted levels live here. */
  readonly shadow: ShadowEvaluator;
  /** When `ctxopt_retrieve` is offered: once a prompt holds a handle, for the rest of its conversation. */
  readonly retrieveTool = new RetrieveToolOffers();
  /** Per conversation (keyed by its first messages): the cached input tokens its last call reported. */
  readonly #cachedTokens = new Map<string, number>();

  constructor(optimizer: ContextOptimizer, policy: ConversationPolicy) {
    this.optimizer = optimizer;
    this.policy = policy;
    this.tokens = new CalibratedTokenCounter(policy.tokenCounter);
    this.#cache = new CompressionCache(policy.cacheSize);
    this.shadow = new ShadowEvaluator(policy.shadow);
    // A store operation may take a fifth of the compression budget (1 s by default) before
    // it counts as a miss: enough for a loaded Redis, short beside the model call.
    this.store = guardStore(policy.store ?? new MemoryCompressionStore(), {
      timeout: Math.max(1, Math.floor(policy.timeout / 5)),
    });
    this.storeScope = StoreScope.of({
      optimizer,
      ...(policy.storeSecret === undefined ? {} : { storeSecret: policy.storeSecret }),
    });
    // The first prompt's store reads should not pay for loading a client and connecting.
    if (policy.blocks.enabled) void this.store.warm();
  }

  /** The policy for one call, with its per-call options checked like the constructor's. */
  policyFor(overrides: unknown, source: OptionSource = {}): ConversationPolicy {
    return applyCallOptions(this.policy, overrides, source);
  }

  /** The plan alone, without any call. */
  plan(messages: readonly PlannerMessage[], policy = this.policy): CompressionPlan {
    return planCompression(messages, policy, { countTokens: (text) => this.tokens.count(text) });
  }

  /**
   * Learns from a model call: `sent` is the prompt the model received (as planner
   * messages), `reportedInputTokens` the provider's input tokens for it, and
   * `cacheReadTokens` those it read from its prompt cache (block mode's cost gate uses it
   * on the conversation's next call).
   */
  observeUsage(
    sent: readonly PlannerMessage[],
    reportedInputTokens: number | undefined,
    cacheReadTokens?: number,
  ): void {
    let counted = 0;
    for (const message of sent) counted += this.tokens.raw(message.text);
    this.tokens.observe(counted, reportedInputTokens);
    if (cacheReadTokens !== undefined && sent.length > 0) {
      setNewest(
        this.#cachedTokens,
        conversationKey(sent),
        cacheReadTokens,
        REMEMBERED_CONVERSATIONS,
      );
    }
  }

  async run(
    messages: readonly PlannerMessage[],
    call: CompressionCall = {},
  ): Promise<CompressionRun> {
    const started = performance.now();
    const policy = call.policy ?? this.policy;
    const planned = this.plan(messages, policy);
    const plan = call.levelFor ? planAtLevels(planned, call.levelFor) : planned;
    // Block mode is for agent conversations, whose tool results make up most of the prompt.
    if (blockModeEngages(messages, policy, plan.skipReason)) {
      const blockPolicy = call.levelFor ? blockPolicyAtLevels(policy, call.levelFor) : policy;
      if (blockPolicy.disabled) {
        const report = { ...baseReport(plan), reason: 'disabled' as const };
        return this.#finish({ plan: { ...plan, spans: [] }, texts: [], report }, policy, started);
      }
      const run = await runBlockCompression(messages, {
        optimizer: this.optimizer,
        store: this.store,
        scope: this.storeScope.withScope(policy.scope),
        conversation: conversationIdOf(messages),
        policy: blockPolicy,
        settings: {
          ttlSeconds: DEFAULT_STORE_TTL_SECONDS,
          blockTokens: policy.blocks.blockTokens,
          recallTokens: policy.blocks.recallTokens,
        },
        signal: call.signal,
        maxRetries: call.maxRetries,
        cachedTokens:
          messages.length > 0 ? this.#cachedTokens.get(conversationKey(messages)) : undefined,
      });
      return this.#finish(run, policy, started);
    }
    // The calls before the first block keep the provider's cache too.
    const end = conversationEnd(messages);
    const rewritesHistory = plan.spans.some((span) => span.kind === 'history');
    if (end !== undefined && marksCacheWithoutBlocks(policy, rewritesHistory)) {
      plan.cacheBreakpoints = [end];
    }
    const base = baseReport(plan);
    if (plan.spans.length === 0) {
      const report = { ...base, reason: plan.skipReason ?? 'nothing-to-compress' };
      return this.#finish({ plan, texts: [], report }, policy, started);
    }
    // Reuse stays within the call's scope, in this process too.
    const tenant = this.storeScope.withScope(policy.scope).tenant;
    const deadline = new Deadline(policy.timeout, 'POST /v1/compress', call.signal);
    let outcomes: PromiseSettledResult<SpanOutcome>[];
    try {
      outcomes = await Promise.allSettled(
        plan.spans.map((span) =>
          this.#compressSpan(span, policy, deadline, call.maxRetries, tenant),
        ),
      );
    } finally {
      deadline.dispose();
    }
    if (call.signal?.aborted) {
      throw call.signal.reason ?? new APIUserAbortError();
    }
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    // An abort is the caller's decision, never a service failure to fall open from.
    if (failure && (policy.onError === 'throw' || APIUserAbortError.isInstance(failure.reason))) {
      throw failure.reason;
    }
    const texts = outcomes.map((outcome) =>
      outcome.status === 'fulfilled' ? outcome.value.text : undefined,
    );
    const spans = outcomes.map((outcome, index) =>
      spanReport(plan.spans[index]!, outcome, messages.length),
    );
    const report = summarize(base, spans);
    const monthly = outcomes.findLast(
      (outcome) => outcome.status === 'fulfilled' && outcome.value.response.usage.monthly,
    );
    if (monthly?.status === 'fulfilled') {
      const { limitTokens, usedTokens, remainingTokens, resetsAt } =
        monthly.value.response.usage.monthly!;
      report.monthly = { limitTokens, usedTokens, remainingTokens, resetsAt };
    }
    const run: CompressionRun = {
      plan,
      texts,
      report,
      ...(failure ? { error: (failure as PromiseRejectedResult).reason } : {}),
    };
    return this.#finish(run, policy, started);
  }

  async #compressSpan(
    span: CompressionSpan,
    policy: ConversationPolicy,
    deadline: Deadline,
    maxRetries: number | undefined,
    tenant: string,
  ): Promise<SpanOutcome> {
    const attributes = {
      'ctxopt.span.kind': span.kind,
      ...(span.kind === 'tool-result'
        ? { 'gen_ai.tool.name': span.toolName, 'gen_ai.tool.call.id': span.toolCallId }
        : {}),
      ...(policy.level ? { 'ctxopt.level': policy.level } : {}),
      ...(policy.mode ? { 'ctxopt.mode': policy.mode } : {}),
      'ctxopt.estimated_tokens': span.estimatedTokens,
    };
    return traceCompression(attributes, async (traceSpan) => {
      const key = this.#cache.keyOf(span.params);
      const { response, cached } = await this.#cache.getOrCompress(
        key === undefined ? undefined : `${tenant}\u0000${key}`,
        () =>
          deadline.race((signal) =>
            this.optimizer.compress(span.params, {
              signal,
              ...(maxRetries === undefined ? {} : { maxRetries }),
            }),
          ),
      );
      const { request } = response.usage;
      const saved =
        request.savedTokens > 0 &&
        !/error|fail/i.test(response.compression.status) &&
        // A JSON tool result is replaced only by JSON, never by text that no longer parses.
        (span.kind !== 'tool-result' ||
          keepsJsonShape(span.params.context as string, response.data.compressed));
      traceSpan.setAttributes({
        'gen_ai.response.id': response.requestId,
        'gen_ai.usage.input_tokens': request.inputTokens,
        'gen_ai.usage.output_tokens': request.compressedTokens,
        'ctxopt.saved_tokens': request.savedTokens,
        'ctxopt.reduction_pct': request.reductionPct,
        'ctxopt.status': saved ? response.compression.status : 'no-saving',
        'ctxopt.cache_hit': cached,
      });
      return { response, cached, text: saved ? response.data.compressed : undefined };
    });
  }

  #finish(run: CompressionRun, policy: ConversationPolicy, started: number): CompressionRun {
    run.report.durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    if (policy.onCompress) {
      try {
        policy.onCompress(run.report);
      } catch {
        // A failing callback is the callback's problem, never the model call's.
      }
    }
    return run;
  }
}

interface SpanOutcome {
  response: CompressResponse;
  cached: boolean;
  text: string | undefined;
}

function baseReport(plan: CompressionPlan): CompressionReport {
  return {
    status: 'skipped',
    spans: [],
    requestIds: [],
    calls: 0,
    chargedInputTokens: 0,
    reusedInputTokens: 0,
    inputTokens: 0,
    compressedTokens: 0,
    savedTokens: 0,
    reductionPct: 0,
    promptTokens: plan.promptTokens,
    droppedReasoning: plan.dropReasoning.length,
    removedMessages: plan.removeEmpty.length,
    durationMs: 0,
  };
}

function spanReport(
  span: CompressionSpan,
  outcome: PromiseSettledResult<SpanOutcome>,
  messageCount: number,
): CompressedSpanReport {
  const context = span.params.context;
  const charactersBefore =
    typeof context === 'string'
      ? context.length
      : context.reduce((sum, message) => sum + message.content.length, 0);
  const where =
    span.kind === 'history'
      ? { messageIndexes: range(span.start, Math.min(span.end, messageCount)) }
      : {
          messageIndexes: [span.messageIndex],
          ...(span.kind === 'tool-result'
            ? { toolCallId: span.toolCallId, toolName: span.toolName }
            : {}),
        };
  if (outcome.status === 'rejected') {
    return {
      kind: span.kind,
      ...where,
      status: 'failed',
      cached: false,
      charactersBefore,
      charactersAfter: charactersBefore,
      inputTokens: 0,
      compressedTokens: 0,
      savedTokens: 0,
      error: summarizeError(outcome.reason),
    };
  }
  const { response, cached, text } = outcome.value;
  const { request } = response.usage;
  return {
    kind: span.kind,
    ...where,
    status: text === undefined ? 'no-saving' : response.compression.status,
    cached,
    requestId: response.requestId,
    charactersBefore,
    charactersAfter: text === undefined ? charactersBefore : text.length,
    inputTokens: request.inputTokens,
    compressedTokens: request.compressedTokens,
    savedTokens: request.savedTokens,
    ...(text === undefined ? {} : { compressedText: text }),
  };
}

function summarize(base: CompressionReport, spans: CompressedSpanReport[]): CompressionReport {
  const used = spans.filter((span) => span.compressedText !== undefined);
  const fresh = spans.filter((span) => span.status !== 'failed' && !span.cached);
  const failed = spans.find((span) => span.error);
  const inputTokens = sum(used, 'inputTokens');
  const compressedTokens = sum(used, 'compressedTokens');
  const savedTokens = sum(used, 'savedTokens');
  const requestIds = fresh.flatMap((span) => (span.requestId ? [span.requestId] : []));
  const status = used.length > 0 ? 'compressed' : failed ? 'failed' : 'skipped';
  return {
    ...base,
    status,
    ...(status === 'skipped' ? { reason: 'no-saving' as const } : {}),
    spans,
    ...requestIdOf(requestIds, used, failed),
    requestIds,
    calls: fresh.length,
    chargedInputTokens: sum(fresh, 'inputTokens'),
    reusedInputTokens: sum(
      used.filter((span) => span.cached),
      'inputTokens',
    ),
    inputTokens,
    compressedTokens,
    savedTokens,
    reductionPct: inputTokens > 0 ? Math.round((savedTokens / inputTokens) * 10_000) / 100 : 0,
    ...(failed?.error ? { error: failed.error } : {}),
  };
}

/** The last new call's id; else the id of a reused compression, or of the failure. */
function requestIdOf(
  requestIds: string[],
  used: CompressedSpanReport[],
  failed: CompressedSpanReport | undefined,
): { requestId?: string } {
  const requestId = requestIds.at(-1) ?? used.at(-1)?.requestId ?? failed?.error?.requestId;
  return requestId === undefined ? {} : { requestId };
}

function sum(
  spans: CompressedSpanReport[],
  field: 'inputTokens' | 'compressedTokens' | 'savedTokens',
) {
  return spans.reduce((total, span) => total + span[field], 0);
}

function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, offset) => start + offset);
}
