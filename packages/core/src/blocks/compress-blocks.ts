import type { ContextOptimizer, RequestOptions } from '../context-optimizer.ts';
import { setNewest } from '../newest-entries.ts';
import { keepsJsonShape } from '../planner/compressed-json.ts';
import { traceCompression } from '../planner/compression-tracing.ts';
import { Deadline } from '../planner/deadline.ts';
import { estimateTokens } from '../planner/estimate-tokens.ts';
import { ASSUMED_KEPT_RATIO, compressionPaysOff } from '../policy/compression-policy.ts';
import {
  type CompressionLevel,
  type CompressionMode,
  type CompressResponse,
  levelOrModeOf,
} from '../schemas.ts';
import type { GuardedStore } from '../store/guarded-store.ts';
import { reportRejectedRecord } from '../store/rejected-record.ts';
import { StoreScope } from '../store/store-scope.ts';
import type { BlockMessage, BlockPlan } from './block-message.ts';
import { compressedPartText } from './compressed-part.ts';
import { compressionKey, handleOf, originalKey } from './compression-key.ts';
import { ANTHROPIC_CACHE_SCHEDULE, type CacheSchedule } from './cost-gate.ts';
import { keptUnits } from './kept-units.ts';
import { mapWithLimit } from './map-with-limit.ts';
import {
  implausibleCompression,
  isRejection,
  parseCompression,
  type StoredCompression,
  serializeCompression,
} from './stored-compression.ts';
import { serializeOriginal } from './stored-original.ts';

export interface BlockCompressionSettings {
  optimizer: ContextOptimizer;
  /** A guarded store (`guardStore`): its failures are misses, never errors. */
  store: GuardedStore;
  /**
   * Whose records these are: keys, handles and records are scoped and authenticated by it.
   * @default the optimizer's (`StoreScope.of({ optimizer })`)
   */
  scope?: StoreScope;
  /** The conversation the originals behind handles belong to (`conversationIdOf`). @default '' */
  conversation?: string;
  level?: CompressionLevel | undefined;
  mode?: CompressionMode | undefined;
  /** Parts under this many estimated tokens stay verbatim. */
  partMinTokens: number;
  /** How long the store keeps a compression and an original. */
  ttlSeconds: number;
  /** Milliseconds for the whole step, store reads, writes, waits and retries included; unfinished parts stay verbatim. */
  timeout: number;
  /** How long to wait for a part another instance is compressing before compressing it here. @default 3000 */
  claimWait?: number;
  /** Parts compressed at the same time. @default 4 */
  concurrency?: number;
  signal?: AbortSignal | undefined;
  /** Extra request options for each compress call (`maxRetries`, say). */
  requestOptions?: Omit<RequestOptions, 'signal'>;
  /**
   * Input tokens the provider reported as read from its cache on this conversation's
   * previous call: the first that-many tokens of the prompt as it was then. Parts inside
   * that prefix are rewritten only when the cost gate says it pays off.
   */
  cachedTokens?: number | undefined;
  /** The provider's cache prices for the cost gate. @default ANTHROPIC_CACHE_SCHEDULE */
  cacheSchedule?: CacheSchedule;
  /**
   * Estimated tokens of its compression a tool result shows in the prompt (`keptUnits`);
   * absent: the whole compression. Block mode's default is `BLOCK_RESULT_TOKENS`.
   */
  resultTokens?: number;
}

/** A part whose text is replaced in this call's prompt. */
export interface CompressedPart {
  messageIndex: number;
  partIndex: number;
  handle: string;
  /** The replacement text: the compression and its handle line (`compressedPartText`). */
  text: string;
  original: string;
  compressed: string;
  /** True when the compression came from the store: no call was made for it in this prompt. */
  reused: boolean;
  /** The service's token figures for the part. */
  inputTokens: number;
  compressedTokens: number;
}

export interface BlockCompressionStats {
  blocks: number;
  /** Parts replaced by their compression in this prompt. */
  compressedParts: number;
  /** Of those, found in the store (compressed by an earlier call or another instance). */
  reusedParts: number;
  /** Compress calls made by this call. */
  compressCalls: number;
  /** Characters sent to the service by this call. */
  charactersSent: number;
  /** Parts left verbatim because the compression failed or ran out of time. */
  failedParts: number;
  /** Parts left verbatim because the provider caches them and rewriting would cost more than it saves. */
  gatedParts: number;
}

export interface BlockCompression {
  parts: CompressedPart[];
  stats: BlockCompressionStats;
  /** The service's answers to this call's compress calls, for usage reporting. */
  responses: CompressResponse[];
  /** The errors of failed parts (the call goes on without those compressions). */
  errors: unknown[];
}

interface PartJob {
  messageIndex: number;
  /** The part is a tool result (its message carries results), not a user's or model's text. */
  toolResult: boolean;
  partIndex: number;
  role: string;
  text: string;
  query: string | undefined;
  level: CompressionLevel | undefined;
  key: string;
  record: StoredCompression | undefined;
  reused: boolean;
  /**
   * The store held a record for the part that failed its checks. Its writer is done, so
   * waiting on that writer's claim brings no better record: the part is compressed at once.
   */
  refused: boolean;
}

/**
 * Compresses the parts of the plan's closed blocks, each once: a part's compression is
 * looked up in the store by its key first, and only parts no call has compressed yet are
 * sent. With a store shared between instances (Redis), a part one instance is compressing
 * is waited for by the others rather than sent twice. Never throws for the service or the
 * store: a part that cannot be compressed in time stays verbatim and its error is returned.
 */
export async function compressBlocks(
  messages: readonly BlockMessage[],
  plan: BlockPlan,
  settings: BlockCompressionSettings,
): Promise<BlockCompression> {
  const stats: BlockCompressionStats = {
    blocks: plan.blocks.length,
    compressedParts: 0,
    reusedParts: 0,
    compressCalls: 0,
    charactersSent: 0,
    failedParts: 0,
    gatedParts: 0,
  };
  const responses: CompressResponse[] = [];
  const errors: unknown[] = [];
  const scope = settings.scope ?? StoreScope.of({ optimizer: settings.optimizer });
  const conversation = settings.conversation ?? '';
  const jobs = partJobs(messages, plan, settings, scope);
  if (jobs.length === 0) return { parts: [], stats, responses, errors };

  // One budget for every store read, write and wait and every call of this prompt, also
  // against optimizers and stores that ignore the signal.
  const deadline = new Deadline(settings.timeout, 'POST /v1/compress', settings.signal);
  const signal = deadline.signal;
  const { store } = settings;
  const writes: Promise<void>[] = [];
  try {
    // Phase 1: what earlier calls (or other instances) of this scope already compressed.
    await Promise.all(
      jobs.map(async (job) => {
        const stored = await store.get(job.key, signal);
        job.record = readRecord(scope, job, stored);
        job.reused = job.record !== undefined;
        job.refused = stored !== undefined && job.record === undefined;
      }),
    );
    // Phase 2: the cost gate, for parts the provider already holds verbatim in its cache.
    const gated = gatedJobs(messages, plan, jobs, settings);
    stats.gatedParts = gated.size;

    // Phase 3: compress what is left, each part once across instances.
    const pending = jobs.filter((job) => !job.record && !gated.has(job));
    await mapWithLimit(pending, settings.concurrency ?? 4, async (job) => {
      if (signal.aborted) return;
      const claimSeconds = Math.ceil(settings.timeout / 1000) + 1;
      if (!(await store.claim(job.key, claimSeconds, signal)) && !job.refused) {
        const wait = Math.min(settings.claimWait ?? 3_000, settings.timeout);
        job.record = await waitForRecord(store, scope, job, wait, signal);
        job.reused = job.record !== undefined;
        if (job.record) return;
      }
      try {
        stats.compressCalls++;
        stats.charactersSent += job.text.length;
        const response = await traceCompression(
          {
            'ctxopt.span.kind': 'block-part',
            'ctxopt.block.role': job.role,
            'ctxopt.estimated_tokens': estimateTokens(job.text),
            'ctxopt.cache_hit': false,
            ...(job.level ? { 'ctxopt.level': job.level } : {}),
            ...(settings.mode ? { 'ctxopt.mode': settings.mode } : {}),
          },
          async (span) => {
            const answer = await deadline.race((raceSignal) =>
              settings.optimizer.compress(
                {
                  context: job.text,
                  ...(job.query ? { query: job.query } : {}),
                  ...levelOrModeOf({ level: job.level, mode: settings.mode }),
                },
                { ...settings.requestOptions, signal: raceSignal },
              ),
            );
            const { request } = answer.usage;
            span.setAttributes({
              'gen_ai.response.id': answer.requestId,
              'gen_ai.usage.input_tokens': request.inputTokens,
              'gen_ai.usage.output_tokens': request.compressedTokens,
              'ctxopt.saved_tokens': request.savedTokens,
              'ctxopt.status': answer.compression.status,
            });
            return answer;
          },
        );
        responses.push(response);
        job.record = toRecord(response, job.text);
        // A record the service's own figures make implausible is used now, never stored.
        if (implausibleCompression(job.record, job.text) === undefined) {
          const value = serializeCompression(scope, job.key, job.record);
          writes.push(store.set(job.key, value, settings.ttlSeconds, signal));
        }
      } catch (error) {
        // The caller's own abort ends the call; anything else leaves the part verbatim.
        if (settings.signal?.aborted) throw error;
        errors.push(error);
        stats.failedParts++;
        writes.push(store.release(job.key, signal));
      }
    });
    // The originals behind this conversation's handles, for `ctxopt_retrieve`.
    for (const job of jobs) {
      if (!job.record?.compressed) continue;
      const key = originalKey(scope, conversation, handleOf(scope, job.key, conversation));
      // Noted for fresh parts too, so the next call (which reuses them) does not write again.
      const recent = recentlyWritten(store, key, settings.ttlSeconds);
      if (!job.reused || !recent) {
        writes.push(
          store.set(key, serializeOriginal(scope, key, job.text), settings.ttlSeconds, signal),
        );
      }
    }
    await Promise.all(writes);
  } finally {
    deadline.dispose();
  }

  const parts: CompressedPart[] = [];
  for (const job of jobs) {
    const stored = job.record?.compressed;
    if (stored === undefined || stored === null) continue;
    if (job.reused) stats.reusedParts++;
    const handle = handleOf(scope, job.key, conversation);
    const budget = job.toolResult ? settings.resultTokens : undefined;
    const compressed = budget === undefined ? stored : keptUnits(stored, budget);
    parts.push({
      messageIndex: job.messageIndex,
      partIndex: job.partIndex,
      handle,
      text: compressedPartText(compressed, handle),
      original: job.text,
      compressed,
      reused: job.reused,
      inputTokens: job.record!.inputTokens,
      compressedTokens: job.record!.compressedTokens,
    });
  }
  stats.compressedParts = parts.length;
  return { parts, stats, responses, errors };
}

function partJobs(
  messages: readonly BlockMessage[],
  plan: BlockPlan,
  settings: BlockCompressionSettings,
  scope: StoreScope,
): PartJob[] {
  const jobs: PartJob[] = [];
  for (const block of plan.blocks) {
    for (let messageIndex = block.start; messageIndex < block.end; messageIndex++) {
      const message = messages[messageIndex]!;
      if (message.hasNonTextParts) continue;
      message.parts?.forEach((part, partIndex) => {
        if (estimateTokens(part.text) < settings.partMinTokens) return;
        const level = settings.mode === undefined ? (part.level ?? settings.level) : undefined;
        const key = compressionKey(scope, {
          role: message.role,
          text: part.text,
          query: part.query,
          level,
          mode: settings.mode,
        });
        jobs.push({
          messageIndex,
          toolResult: (message.toolResultIds?.length ?? 0) > 0,
          partIndex,
          role: message.role,
          text: part.text,
          query: part.query,
          level,
          key,
          record: undefined,
          reused: false,
          refused: false,
        });
      });
    }
  }
  return jobs;
}

/**
 * The parts not to compress now: those inside the prefix the provider read from its
 * cache on the previous call (as that prompt was laid out: compressed parts compressed,
 * the rest verbatim), where the reads saved over the calls to come do not pay for writing
 * the rewritten prefix. The conversation's past calls stand for its calls to come.
 */
function gatedJobs(
  messages: readonly BlockMessage[],
  plan: BlockPlan,
  jobs: readonly PartJob[],
  settings: BlockCompressionSettings,
): Set<PartJob> {
  const gated = new Set<PartJob>();
  const cachedTokens = settings.cachedTokens ?? 0;
  if (cachedTokens <= 0) return gated;
  const known = jobs.filter((job) => job.record?.compressed);
  const input = known.reduce((sum, job) => sum + job.record!.inputTokens, 0);
  const kept = known.reduce((sum, job) => sum + job.record!.compressedTokens, 0);
  const keptRatio = input > 0 ? kept / input : ASSUMED_KEPT_RATIO;
  const futureCalls = Math.max(
    1,
    messages.filter((message) => message.role === 'assistant').length,
  );
  const byMessage = new Map<number, PartJob[]>();
  for (const job of jobs)
    byMessage.set(job.messageIndex, [...(byMessage.get(job.messageIndex) ?? []), job]);
  let position = 0;
  const end = plan.blocks.at(-1)?.end ?? 0;
  for (let index = 0; index < end && position < cachedTokens; index++) {
    let tokens = estimateTokens(messages[index]!.text);
    for (const job of byMessage.get(index) ?? []) {
      const compressed = job.record?.compressed;
      if (compressed) {
        tokens += estimateTokens(compressed) - estimateTokens(job.text);
        continue;
      }
      if (job.record) continue;
      const partEnd = position + estimateTokens(messages[index]!.text);
      const paysOff = compressionPaysOff({
        tokens: estimateTokens(job.text),
        keptRatio,
        futureCalls,
        schedule: settings.cacheSchedule ?? ANTHROPIC_CACHE_SCHEDULE,
      });
      if (partEnd <= cachedTokens && !paysOff) gated.add(job);
    }
    position += tokens;
  }
  return gated;
}

/**
 * The compression to store: `compressed` is null unless it is worth using (it saved
 * tokens, and a JSON part is still JSON); the part then stays verbatim, remembered as such.
 */
function toRecord(response: CompressResponse, original: string): StoredCompression {
  const { inputTokens, compressedTokens, savedTokens } = response.usage.request;
  const useful =
    response.compression.status === 'compressed' &&
    savedTokens > 0 &&
    response.data.compressed.length > 0 &&
    // A compression longer than its original is not a compression.
    response.data.compressed.length <= original.length &&
    // A JSON part is replaced only by JSON, never by text that no longer parses.
    keepsJsonShape(original, response.data.compressed);
  return { compressed: useful ? response.data.compressed : null, inputTokens, compressedTokens };
}

/** The checked record of a part, or `undefined` for none and for one that fails its checks (reported once). */
function readRecord(
  scope: StoreScope,
  job: PartJob,
  value: string | undefined,
): StoredCompression | undefined {
  const record = parseCompression(scope, job.key, value, job.text);
  if (!isRejection(record)) return record;
  reportRejectedRecord(job.key, record.rejected);
  return undefined;
}

async function waitForRecord(
  store: GuardedStore,
  scope: StoreScope,
  job: PartJob,
  wait: number,
  signal: AbortSignal,
): Promise<StoredCompression | undefined> {
  const until = performance.now() + wait;
  while (performance.now() < until && !signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const record = readRecord(scope, job, await store.get(job.key, signal));
    if (record) return record;
  }
  return undefined;
}

/**
 * Originals this process wrote lately, so a part reused at every call does not rewrite its
 * original each time: it is written again once half its time to live has passed.
 */
const writtenOriginals = new WeakMap<GuardedStore, Map<string, number>>();

function recentlyWritten(store: GuardedStore, key: string, ttlSeconds: number): boolean {
  const written = writtenOriginals.get(store) ?? new Map<string, number>();
  writtenOriginals.set(store, written);
  const now = Date.now();
  const at = written.get(key);
  if (at !== undefined && now - at < (ttlSeconds * 1000) / 2) return true;
  setNewest(written, key, now, 10_000);
  return false;
}
