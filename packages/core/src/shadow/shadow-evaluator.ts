import type { CompressionReport } from '../planner/compression-report.ts';
import type { ConversationPolicy } from '../planner/conversation-policy.ts';
import type { CompressionLevel } from '../schemas.ts';
import type { LevelFor } from './adapted-levels.ts';
import { type AgreementFigure, AgreementStats, type ContentKind } from './agreement-stats.ts';
import { defaultJudge } from './default-judge.ts';
import { type LevelChange, LevelController } from './level-controller.ts';
import type { ShadowSettings } from './resolve-shadow.ts';
import { type RandomSource, randomSource } from './sampler.ts';
import type { ShadowAnswer, ShadowJudge } from './shadow-answer.ts';
import type { ShadowEvent, ShadowObservedEvent } from './shadow-event.ts';
import { traceShadow } from './shadow-tracing.ts';
import { TokenBudget } from './token-budget.ts';

/** The shadow's own estimate is padded by a fifth, so a budget holds when the counter underestimates. */
const ESTIMATE_PADDING = 1.2;

/** How long a ticket waits for its call's answer before it gives its slot back. */
const TICKET_TTL_MS = 10 * 60_000;

/** Why a sampled call was not shadowed. */
export type ShadowSkipReason = 'budget' | 'concurrency' | 'window';

/** What the app can read at any time: agreement per level and kind, current levels, spend. */
export interface ShadowSummary {
  agreement: AgreementFigure[];
  /** Kinds of content `adapt` moved off the policy's level: `{ kind, base, level }`. */
  levels: { kind: ContentKind; base: string; level: string }[];
  /** Shadow calls made, running, and sampled calls skipped by reason. */
  shadowed: number;
  running: number;
  skipped: Record<ShadowSkipReason, number>;
  /** Input tokens the shadow spent (or has reserved) in the last hour, and the budget. */
  spentTokensLastHour: number;
  budgetTokensPerHour: number;
}

/** One call's part in shadow evaluation, from before its compression to after its answer. */
export interface ShadowCall {
  /** Passed to the compressor (`CompressionCall.levelFor`) when `adapt` is on. */
  levelFor: LevelFor | undefined;
  /**
   * After compression, before the model call: whether this call will be shadowed. The
   * returned ticket must be given its answer (`start`) or be released (`cancel`).
   */
  admit(report: CompressionReport): ShadowTicket | undefined;
  /** `observe`: reports what the compression would have done; returns the event it reported. */
  observed(report: CompressionReport): ShadowObservedEvent | undefined;
}

export interface ShadowTicket {
  /**
   * After the user has the answer: runs the original prompt (`callOriginal`) and the judge
   * in the background. Never throws, never awaits anything on the caller's path.
   */
  start(
    compressed: ShadowAnswer,
    callOriginal: () => Promise<{ answer: ShadowAnswer; inputTokens?: number | undefined }>,
    /**
     * The question the judge is told about; a function is called only in the background,
     * so reading it out of a long prompt costs the user's call nothing.
     */
    question: string | (() => string),
    /** Also receives this call's events (its verdict, a failure, a level change it caused). */
    listener?: (event: ShadowEvent) => void,
  ): void;
  /** The user's call failed or was aborted: nothing to compare. */
  cancel(): void;
}

/**
 * Shadow evaluation for one middleware or runnable instance: samples compressed calls,
 * bounds them (budget per hour, concurrency, the model's window), answers each sampled
 * call once more with the original prompt in the background, judges the pair, keeps
 * agreement per level and kind, steps levels down and up (`adapt`), and reports.
 */
export class ShadowEvaluator {
  readonly settings: ShadowSettings;
  readonly #random: RandomSource;
  readonly #budget: TokenBudget | undefined;
  readonly #stats = new AgreementStats();
  readonly #controller: LevelController | undefined;
  readonly #judge: ShadowJudge;
  readonly #running = new Set<Promise<void>>();
  readonly #moved = new Map<string, { kind: ContentKind; base: string; level: string }>();
  #shadowed = 0;
  readonly #skipped: Record<ShadowSkipReason, number> = { budget: 0, concurrency: 0, window: 0 };

  constructor(settings: ShadowSettings, now: () => number = Date.now) {
    this.settings = settings;
    this.#random = randomSource(settings.shadow?.seed);
    this.#budget = settings.shadow
      ? new TokenBudget(settings.shadow.inputTokensPerHour, now)
      : undefined;
    this.#controller = settings.adapt ? new LevelController(settings.adapt) : undefined;
    this.#judge = settings.shadow?.judge ?? defaultJudge;
  }

  /**
   * Starts one call's evaluation under `policy` (the call's, per-call options applied);
   * undefined when the call is neither shadowed nor observed.
   */
  begin(policy: ConversationPolicy): ShadowCall | undefined {
    if (policy.shadow.shadow === undefined && !policy.shadow.observe) return undefined;
    const base = baseLevel(policy);
    const controller = this.#controller;
    const seen = new Set<ContentKind>();
    const levelFor: LevelFor | undefined = controller
      ? (kind) => {
          seen.add(kind);
          const level = controller.levelFor(kind, base);
          return level === base ? undefined : (level as CompressionLevel | 'off');
        }
      : undefined;
    return {
      levelFor,
      admit: (report) => {
        for (const kind of seen) {
          const change = controller?.tick(kind, base);
          if (change) this.#changed(change);
        }
        return this.#admit(report, policy, base);
      },
      observed: (report) => (policy.shadow.observe ? this.#observed(report, base) : undefined),
    };
  }

  summary(): ShadowSummary {
    return {
      agreement: this.#stats.figures(),
      levels: [...this.#moved.values()],
      shadowed: this.#shadowed,
      running: this.#running.size,
      skipped: { ...this.#skipped },
      spentTokensLastHour: this.#budget?.spent() ?? 0,
      budgetTokensPerHour: this.settings.shadow?.inputTokensPerHour ?? 0,
    };
  }

  /** Resolves once every shadow call running now has been judged and reported. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }

  #admit(
    report: CompressionReport,
    policy: ConversationPolicy,
    base: string,
  ): ShadowTicket | undefined {
    const shadow = this.settings.shadow;
    // `shadow: false` on the call takes its settings away from the call's policy.
    if (!shadow || !policy.shadow.shadow || report.status !== 'compressed') return undefined;
    const kinds = kindsOf(report);
    const levels = new Map(kinds.map((kind) => [kind, levelOf(kind, base, this.#controller)]));
    const level = levels.get(kinds[0]!) ?? base;
    const suspect = kinds.some((kind) => this.#controller?.suspect(kind, base));
    // A level not yet cleared (new in use, or disagreeing) is shadowed at every call until
    // it is decided either way (within the budget): see LevelController.suspect.
    // `sampleRate: 0` shadows nothing, not even a level under suspicion.
    if (shadow.sampleRate === 0 || (!suspect && !(this.#random() < shadow.sampleRate))) {
      return undefined;
    }
    if (policy.contextWindow !== undefined && report.promptTokens > policy.contextWindow) {
      this.#skipped.window += 1;
      return undefined;
    }
    if (this.#running.size >= shadow.concurrency) {
      this.#skipped.concurrency += 1;
      return undefined;
    }
    const settle = this.#budget!.reserve(Math.ceil(report.promptTokens * ESTIMATE_PADDING));
    if (!settle) {
      this.#skipped.budget += 1;
      return undefined;
    }
    let release!: () => void;
    const slot = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#running.add(slot);
    const finish = () => {
      this.#running.delete(slot);
      release();
    };
    let used = false;
    const cancel = () => {
      if (used) return;
      used = true;
      clearTimeout(expiry);
      settle(0);
      finish();
    };
    // A stream the app never reads to its end never hands its answer over: its slot and
    // reservation are given back after a while instead of being held for ever.
    const expiry = setTimeout(cancel, TICKET_TTL_MS);
    expiry.unref?.();
    return {
      cancel,
      start: (compressed, callOriginal, question, listener) => {
        if (used) return;
        used = true;
        // Counted at once, so the app's summary right after the answer says it was shadowed.
        this.#shadowed += 1;
        // Deferred past the framework's own work after the model call (a LangGraph agent
        // finishing its run took 5 ms at the median on a loaded machine, and a shadow
        // started at once competed with it): on the user's path the shadow only schedules
        // itself; nothing else of it, not even clearing its expiry, runs before the answer.
        later(() => {
          clearTimeout(expiry);
          void this.#evaluate({
            report,
            base,
            level,
            kinds,
            compressed,
            callOriginal,
            question,
            settle,
            levels,
            listener,
          }).finally(finish);
        }, shadow.delayMs);
      },
    };
  }

  async #evaluate(call: {
    report: CompressionReport;
    base: string;
    level: string;
    kinds: ContentKind[];
    compressed: ShadowAnswer;
    callOriginal: () => Promise<{ answer: ShadowAnswer; inputTokens?: number | undefined }>;
    question: string | (() => string);
    settle: (actual: number | undefined) => void;
    levels: Map<ContentKind, string>;
    listener: ((event: ShadowEvent) => void) | undefined;
  }): Promise<void> {
    const { report, level, kinds, listener } = call;
    const started = performance.now();
    await traceShadow(
      'shadow ctxopt',
      {
        'ctxopt.shadow.level': level,
        'ctxopt.shadow.kinds': kinds,
        'ctxopt.shadow.prompt_tokens': report.promptTokens,
        'ctxopt.shadow.saved_tokens': report.savedTokens,
      },
      async () => {
        let verdict: Awaited<ReturnType<ShadowJudge>>;
        let inputTokens: number | undefined;
        try {
          const original = await call.callOriginal();
          inputTokens = original.inputTokens;
          call.settle(inputTokens);
          verdict = await this.#judge({
            question: typeof call.question === 'function' ? call.question() : call.question,
            compressed: call.compressed,
            original: original.answer,
          });
        } catch (error) {
          this.#emit({ type: 'failed', level, kinds, error }, listener);
          throw error;
        }
        const agreement = kinds.map((kind) =>
          this.#stats.record(call.levels.get(kind)!, kind, verdict.agree),
        );
        this.#emit(
          {
            type: 'judged',
            ...verdict,
            level,
            kinds,
            savedTokens: report.savedTokens,
            promptTokens: report.promptTokens,
            shadowInputTokens: inputTokens,
            durationMs: Math.round(performance.now() - started),
            agreement,
          },
          listener,
        );
        for (const kind of kinds) {
          const at = call.levels.get(kind)!;
          const change = this.#controller?.record(kind, call.base, at, verdict.agree);
          if (change) this.#changed(change, listener);
        }
        return {
          'ctxopt.shadow.agree': verdict.agree,
          'ctxopt.shadow.score': verdict.score,
          ...(verdict.reasons.length > 0 ? { 'ctxopt.shadow.reasons': verdict.reasons } : {}),
          ...(inputTokens === undefined ? {} : { 'ctxopt.shadow.input_tokens': inputTokens }),
          'ctxopt.shadow.agreement_rate': agreement[0]?.rate ?? 0,
          'ctxopt.shadow.agreement_lower': agreement[0]?.lower ?? 0,
          'ctxopt.shadow.agreement_upper': agreement[0]?.upper ?? 1,
        };
      },
    );
  }

  #observed(report: CompressionReport, base: string): ShadowObservedEvent {
    const used = report.spans.filter((span) => span.compressedText !== undefined);
    const event: ShadowObservedEvent = {
      type: 'observed',
      level: base,
      kinds: kindsOf(report),
      promptTokens: report.promptTokens,
      savedTokens: report.savedTokens,
      reductionPct:
        report.promptTokens > 0
          ? Math.round((report.savedTokens / report.promptTokens) * 10_000) / 100
          : 0,
      spans: used.map((span) => ({
        kind: span.kind,
        messageIndexes: span.messageIndexes,
        ...(span.toolName === undefined ? {} : { toolName: span.toolName }),
        charactersBefore: span.charactersBefore,
        charactersAfter: span.charactersAfter,
        ...(span.compressedText === undefined ? {} : { compressedText: span.compressedText }),
      })),
    };
    this.#emit(event);
    void traceShadow(
      'observe ctxopt',
      {
        'ctxopt.shadow.observe': true,
        'ctxopt.shadow.level': base,
        'ctxopt.shadow.kinds': event.kinds,
        'ctxopt.shadow.prompt_tokens': event.promptTokens,
        'ctxopt.shadow.saved_tokens': event.savedTokens,
      },
      async () => ({}),
    );
    return event;
  }

  #changed(change: LevelChange, listener?: (event: ShadowEvent) => void): void {
    const key = `${change.base}\u0000${change.kind}`;
    if (change.to === change.base) this.#moved.delete(key);
    else this.#moved.set(key, { kind: change.kind, base: change.base, level: change.to });
    this.#emit({ type: 'level-change', ...change }, listener);
    void traceShadow(
      'shadow ctxopt',
      {
        'ctxopt.shadow.level_change': true,
        'ctxopt.shadow.kind': change.kind,
        'ctxopt.shadow.level': change.from,
        'ctxopt.shadow.new_level': change.to,
        'ctxopt.shadow.reason': change.reason,
      },
      async () => ({}),
    );
  }

  #emit(event: ShadowEvent, listener?: (event: ShadowEvent) => void): void {
    for (const receive of [this.settings.onShadow, listener]) {
      try {
        receive?.(event);
      } catch {
        // A failing callback is the callback's problem, never the user's call.
      }
    }
  }
}

/**
 * Runs `task` after `delayMs`; at 0, at the next turn of the event loop after the current
 * one's I/O (`setImmediate`, where there is one: a 0 ms timer waits a millisecond or more).
 */
function later(task: () => void, delayMs: number): void {
  if (delayMs === 0 && typeof setImmediate === 'function') setImmediate(task);
  else setTimeout(task, delayMs);
}

/** The level the policy asks for: its level, its mode's name, or `default` (the service's). */
function baseLevel(policy: ConversationPolicy): string {
  return policy.level ?? policy.mode ?? 'default';
}

function kindsOf(report: CompressionReport): ContentKind[] {
  const kinds = new Set(
    report.spans.filter((span) => span.compressedText !== undefined).map((span) => span.kind),
  );
  return [...kinds];
}

/** The level a kind of content is compressed at: the adapted one, or the policy's. */
function levelOf(kind: ContentKind, base: string, controller: LevelController | undefined): string {
  return controller ? controller.levelFor(kind, base) : base;
}
