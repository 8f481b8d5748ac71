import type { BlockMessage, BlockPlanOptions } from '../blocks/block-message.ts';
import { ANTHROPIC_CACHE_SCHEDULE, type CacheSchedule } from '../blocks/cost-gate.ts';
import { InvalidOptionError } from '../errors.ts';
import type { PlannerMessage, PlannerToolResult } from '../planner/conversation.ts';
import type { ConversationPolicy } from '../planner/conversation-policy.ts';
import { estimateTokens } from '../planner/estimate-tokens.ts';
import { type CompressionLevel, type CompressParams, levelOrModeOf } from '../schemas.ts';

/*
 * What gets compressed, and when: the conversation policy's rules, in the order of the
 * policy table of the READMEs. Read top to bottom:
 *
 *   1. The defaults, each defined once.
 *   2. Both modes: `disabled`, `trigger`, `pinnedRoles`, `toolResults.minTokens`, `level` / `mode`.
 *   3. Which mode a prompt gets: block mode, or the history mode (`blocks: false`, a chat).
 *   4. The history mode: `reasoning`, `keep`, `toolResults` (`keepLast`, `exclude`,
 *      `compress`), `minTokens`.
 *   5. Block mode: when a block closes (`blocks.blockTokens`), where closed blocks end (the
 *      current turn, a long tool loop's batches past `toolResults.keepLast`), which parts of a
 *      closed block are compressed and at which level, when a cached part is rewritten, and
 *      which questions carry a recall (`blocks.recallTokens`).
 *
 * The mechanics call these rules: option checking (`planner/resolve-policy.ts`), the
 * history planner (`planner/plan-compression.ts`, `planner/plan-conversation.ts`), the block
 * planner and compressor (`blocks/plan-blocks.ts`, `blocks/block-compression-run.ts`,
 * `blocks/block-mode.ts`, `blocks/compress-blocks.ts`), the service calls, caches and stores
 * (`planner/conversation-compressor.ts`). What they keep is how, not what or when: the
 * planners never part a tool call from its result (so every prompt stays valid for every
 * provider) and the history span is the largest run of messages that may fold; a tool
 * result's query is its turn's question and its call (`planner/tool-result-query.ts`); the
 * cost gate's inputs (cached tokens, kept ratio, calls to come) come from the provider's
 * usage and the store (`blocks/compress-blocks.ts`); and with `adapt`, shadow evaluation
 * lowers a kind of content's level (`shadow/adapted-levels.ts`).
 */

// ---------------------------------------------------------------------------------------
// 1. The defaults
// ---------------------------------------------------------------------------------------

/**
 * The defaults, in one place; the READMEs show them in their shared policy table, the
 * option resolver fills them in, and the planners and block mode fall back on them when
 * called without a policy. Unset by default: `level` and `mode` (the service's),
 * `trigger` (every prompt is considered), `keep.tokens`, `contextWindow` (the model
 * profile's, where the framework has one), `scope` (the API key's tenant alone), `store`
 * (a `MemoryCompressionStore` per instance), `shadow` and `adapt` (off).
 */
export const DEFAULT_POLICY = {
  /** `disabled`: compression runs. */
  disabled: false,
  /** `blocks`: block mode is on, for the conversations it takes (`blockModeEngages`). */
  blocksEnabled: true,
  /** A history shorter than about 500 tokens costs more in a round trip than compression saves. */
  minTokens: 500,
  /** `keep.messages`: only the current question stays verbatim by default. */
  keepMessages: 0,
  /** `toolResults.compress`: older tool results are compressed in place. */
  toolResultsCompress: true,
  /** `toolResults.keepLast`: the newest three tool results stay verbatim. */
  toolResultsKeepLast: 3,
  /** `toolResults.exclude`: no tool's results are kept verbatim by name. */
  toolResultsExclude: [],
  /** `toolResults.minTokens`: a result below about 100 tokens costs more to send than it saves. */
  toolResultsMinTokens: 100,
  /** `reasoning`: reasoning parts stay. */
  reasoning: 'keep',
  /** `pinnedRoles`: the system prompt is never compressed. */
  pinnedRoles: ['system'],
  /** `timeout`, in milliseconds for all of one prompt's compression. */
  timeout: 5_000,
  /** `onError`: a failed compression sends the original prompt (fail open) and reports the error. */
  onError: 'passthrough',
  /** `cacheSize`: compressions kept for reuse per instance. */
  cacheSize: 32,
  /**
   * `blocks.blockTokens`: about two turns of a tool-calling agent: the tail stays verbatim
   * (and cached) until it holds this much, so most calls reuse the whole previous prompt, and
   * a block is rewritten once every few turns rather than at every turn.
   */
  blockTokens: 2500,
  /** `blocks.recallTokens`: the budget of the recall added to the current question. */
  recallTokens: 300,
} as const;

/** The integrations' default `minTokens` for a conversation (`DEFAULT_POLICY.minTokens`). */
export const DEFAULT_MIN_TOKENS = DEFAULT_POLICY.minTokens;

/** The budget of a recall, in estimated tokens, unless the caller sets one (`DEFAULT_POLICY.recallTokens`). */
export const DEFAULT_RECALL_TOKENS = DEFAULT_POLICY.recallTokens;

// ---------------------------------------------------------------------------------------
// 2. Both modes
// ---------------------------------------------------------------------------------------

/**
 * `trigger`: whether the prompt is worth compressing at all. Any limit that is exceeded
 * fires; with no limit set, every prompt is considered (and `minTokens` alone decides).
 * `disabled` is checked before it and skips everything.
 */
export function triggerFires(
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

/**
 * `toolResults.minTokens`, in both modes: a tool result (or, in block mode, a part of a
 * closed block) estimated below this stays verbatim; never below 1, so an empty text is
 * never sent.
 */
export function toolResultMinTokens(policy: ConversationPolicy): number {
  return Math.max(1, policy.toolResults.minTokens);
}

/**
 * `level` / `mode` in the history mode: the policy's replace whatever the request carried;
 * with neither set, the service's default applies.
 */
export function withPolicyLevel(
  params: CompressParams,
  policy: ConversationPolicy,
): CompressParams {
  if (policy.level === undefined && policy.mode === undefined) return params;
  const { level: _level, mode: _mode, ...rest } = params;
  return { ...rest, ...levelOrModeOf(policy) };
}

// ---------------------------------------------------------------------------------------
// 3. Which mode
// ---------------------------------------------------------------------------------------

/**
 * Tool results block mode may compress: long enough (`toolResults.minTokens`, at four
 * characters a token), of a tool not in `toolResults.exclude`, in no pinned role; none with
 * `toolResults.compress: false`.
 */
export function compressibleResults(
  messages: readonly PlannerMessage[],
  policy: ConversationPolicy,
): number {
  const { compress, exclude, minTokens } = policy.toolResults;
  if (!compress) return 0;
  const excluded = new Set(exclude);
  const pinned = new Set(policy.pinnedRoles);
  let count = 0;
  for (const message of messages) {
    if (pinned.has(message.role)) continue;
    for (const result of message.toolResults ?? []) {
      if ((result.text?.length ?? 0) >= minTokens * 4 && !excluded.has(result.toolName)) count++;
    }
  }
  return count;
}

/**
 * `blocks`: block mode engages when it is enabled, the prompt passed `disabled` and
 * `trigger`, and the conversation is an agent's: more tool results it may compress than
 * the newest `toolResults.keepLast`. A chat keeps the history mode, and so does a
 * conversation whose results the policy keeps verbatim (`toolResults.compress: false`, or
 * `exclude` naming their tools): those options limit what is compressed, never whether
 * anything is.
 */
export function blockModeEngages(
  messages: readonly PlannerMessage[],
  policy: ConversationPolicy,
  skipReason: string | undefined,
): boolean {
  const agent = compressibleResults(messages, policy) > policy.toolResults.keepLast;
  const skipped = skipReason === 'disabled' || skipReason === 'below-trigger';
  return policy.blocks.enabled && agent && !skipped;
}

/**
 * With `blocks` enabled, a prompt that gets the history mode still marks the end of the
 * conversation as a cache breakpoint (the calls before the first block keep the provider's
 * cache: their results stay verbatim at the next call), unless a history span is rewritten,
 * which changes at every question.
 */
export function marksCacheWithoutBlocks(
  policy: ConversationPolicy,
  rewritesHistory: boolean,
): boolean {
  return policy.blocks.enabled && !policy.disabled && !rewritesHistory;
}

// ---------------------------------------------------------------------------------------
// 4. The history mode (`blocks: false`, or a conversation block mode does not take)
// ---------------------------------------------------------------------------------------

/**
 * `reasoning: 'drop'`: a message's reasoning parts go, unless it is the last message or
 * its reasoning is tied to a tool call or a provider item.
 */
export function dropsReasoning(
  message: PlannerMessage,
  isLast: boolean,
  policy: ConversationPolicy,
): boolean {
  return (
    !isLast &&
    policy.reasoning === 'drop' &&
    message.reasoning === 'free' &&
    !message.toolCalls?.length
  );
}

/** Empty messages (before the last) are always removed: with no content, or only reasoning that is dropped. */
export function removesEmptyMessage(
  message: PlannerMessage,
  isLast: boolean,
  dropped: boolean,
): boolean {
  return !isLast && message.contentParts === 0 && (message.reasoning === undefined || dropped);
}

/** `keep`: how many messages at the end stay verbatim (the larger of `messages` and what fits in `tokens`). */
export function keptAtEnd(sizes: readonly number[], policy: ConversationPolicy): number {
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
 * `toolResults.keepLast` and `toolResults.exclude`: the messages whose tool results stay
 * verbatim: the newest `keepLast` results of the whole prompt, results of excluded tools,
 * and results text cannot carry.
 */
export function verbatimToolResults(
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

/**
 * Whether a message stays out of the history span: one whose tool result stays verbatim
 * pins its message (and so keeps its call too), and with `toolResults.compress: false`
 * every tool call and result does. Complete tool cycles of earlier turns otherwise fold
 * into the history like any other message.
 */
export function pinsToolCycle(
  message: PlannerMessage,
  verbatim: boolean,
  policy: ConversationPolicy,
): boolean {
  return (
    verbatim ||
    (!policy.toolResults.compress &&
      Boolean(message.toolCallIds?.length || message.toolResultIds?.length))
  );
}

/**
 * Which messages may fold into the history span: none of a pinned role, none with parts
 * text cannot carry, none with a tool call or result whose partner is missing.
 */
export function foldsIntoHistory(
  message: PlannerMessage,
  pinnedRoles: ReadonlySet<string>,
  orphan: boolean,
): boolean {
  return !pinnedRoles.has(message.role) && !message.hasNonTextParts && !orphan;
}

/**
 * Where the history span must end: before the current question (the last user message:
 * its turn and any tool cycle still running stay verbatim) and before the last
 * `protectLast` messages (`keep`).
 */
export function historyEnd(messages: readonly PlannerMessage[], protectLast: number): number {
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const protectedFrom = messages.length - Math.max(0, protectLast);
  return Math.max(0, Math.min(lastUser === -1 ? messages.length : lastUser, protectedFrom));
}

/**
 * `minTokens`: a history span estimated below it is not sent (a round trip would cost more
 * than it saves).
 */
export function historyWorthSending(estimatedTokens: number, minTokens: number): boolean {
  return estimatedTokens >= minTokens;
}

/**
 * `toolResults`: whether a tool result is compressed in place (against the question and its
 * call's arguments): `compress` on, not of a pinned role, text it can carry, and at least
 * `toolResults.minTokens`. Asked only of results outside the history span, before the kept
 * end (`keep`) and not kept verbatim (`verbatimToolResults`: `keepLast`, `exclude`).
 */
export function compressesToolResult(
  message: PlannerMessage,
  result: PlannerToolResult,
  estimatedTokens: number,
  policy: ConversationPolicy,
): boolean {
  return (
    policy.toolResults.compress &&
    !policy.pinnedRoles.includes(message.role) &&
    result.text !== undefined &&
    estimatedTokens >= toolResultMinTokens(policy)
  );
}

// ---------------------------------------------------------------------------------------
// 5. Block mode
// ---------------------------------------------------------------------------------------

/**
 * `pinnedRoles` in block mode: the leading messages of a pinned role (the system prompt)
 * form the head, before every block, never compressed.
 */
export function pinnedHeadEnd(
  messages: readonly PlannerMessage[],
  pinnedRoles: readonly string[] = DEFAULT_POLICY.pinnedRoles,
): number {
  const pinned = new Set(pinnedRoles);
  let headEnd = 0;
  while (headEnd < messages.length && pinned.has(messages[headEnd]!.role)) headEnd++;
  return headEnd;
}

/**
 * A block also closes once it holds a tool-result message: a result is compressed as soon
 * as the turn that used it is over (or, in a long tool loop, in a batch: `loopBoundary`). Its
 * verbatim text is then sent in one call's open tail only, which `tailBreakpoint` leaves out
 * of the provider's cache, so it is never written there at the cache write price to be read
 * back once or twice; closing later would save a few rewrites of the prefix but reads every
 * verbatim result again at each call until its block closes.
 */
export const BLOCK_TOOL_RESULTS = 1;

/**
 * `blocks.blockTokens`: a block closes at the first clean cut once it holds this many
 * estimated tokens or `BLOCK_TOOL_RESULTS` tool-result messages. A closed block is frozen:
 * its cut depends only on the messages before it, so it and its compressions are the same
 * bytes on every later call.
 */
export function blockCloses(tokens: number, results: number, blockTokens: number): boolean {
  return tokens >= blockTokens || results >= BLOCK_TOOL_RESULTS;
}

/**
 * Blocks end before this index: the last user message (the current turn stays open and
 * verbatim), or past a batch of a long tool loop's older results. `toolResults.keepLast`:
 * the newest this-many results of the current turn stay in the open tail; with `0` every
 * result of the current turn may close into a block as it arrives. The loop's batches are
 * weighed at the provider's cache prices (`cacheSchedule`, Anthropic's by default).
 */
export function openBoundary(
  messages: readonly BlockMessage[],
  headEnd: number,
  options: Pick<BlockPlanOptions, 'keepLast' | 'cacheSchedule'> = {},
): number {
  const keepLast = options.keepLast ?? DEFAULT_POLICY.toolResultsKeepLast;
  const schedule = options.cacheSchedule ?? ANTHROPIC_CACHE_SCHEDULE;
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  if (lastUser === -1) return headEnd;
  const results: number[] = [];
  for (let index = lastUser + 1; index < messages.length; index++) {
    if ((messages[index]!.toolResultIds?.length ?? 0) > 0) results.push(index);
  }
  if (results.length <= keepLast) return lastUser;
  // keepLast 0: every result of the current turn may close into a block as it arrives.
  if (keepLast === 0) return messages.length;
  return loopBoundary(messages, lastUser, results, keepLast, schedule);
}

/** Share of a tool result's tokens its compression is assumed to keep when closing a loop's batch. */
const LOOP_KEPT_RATIO = 0.3;

/**
 * Estimated tokens a tool loop's open tail may hold before its older results close anyway,
 * whatever the pricing says: a quarter of a 128k-token window, so a loop of large results
 * still fits. Above the 14-step loop of `bench conversation-cost` (about 20,000 tokens), so
 * that loop is never cut by it.
 */
export const LOOP_TAIL_MAX_TOKENS = 32_000;

/**
 * Where a running tool loop's closed blocks end. Within a loop every step's prompt is the
 * previous one plus the new call and result, all of it in the provider's cache. Closing
 * results rewrites the prompt from the first of them: their compressions (written once,
 * now or when the turn ends anyway) and the `keepLast` results kept whole after them (the
 * tail, T tokens), written again at `write` where the loop would have read them at `read`.
 * A batch of B tokens of results saves `read × (1 − kept) × B` on every later step, and
 * the number of later steps is unknown: the loop may end at the next one. So a batch closes
 * only once it is large enough to pay the tail's rewrite back on the very step it closes:
 *
 *   read × (1 − kept) × B ≥ (write − read) × T
 *
 * (with Anthropic's 0.1x and 1.25x, B ≥ 16.4 T), or once the tail since the last cut holds
 * `LOOP_TAIL_MAX_TOKENS`. A loop is then never dearer than sending it whole, and a batch
 * closes rarely: closing one result a step, as soon as it is older than the newest
 * `keepLast`, rewrote the tail at every step (1.54x to 1.70x of the loop sent whole in
 * `bench conversation-cost`). Each cut is decided on the prompt as it stood when that
 * result arrived, from the messages before it only, so every later step of the loop finds
 * the same cuts and its earlier blocks stay byte for byte in the cached prefix.
 */
function loopBoundary(
  messages: readonly BlockMessage[],
  lastUser: number,
  results: readonly number[],
  keepLast: number,
  schedule: CacheSchedule,
): number {
  const tokens = messages.map((message) => estimateTokens(message.text));
  let cut = lastUser;
  for (let order = keepLast; order < results.length; order++) {
    // The prompt as it stood once result `order` arrived ends with that result's message.
    const end = results[order]! + 1;
    const candidate = results[order - keepLast + 1]!;
    let batch = 0;
    for (let index = cut; index < candidate; index++) {
      if ((messages[index]!.toolResultIds?.length ?? 0) > 0) batch += tokens[index]!;
    }
    let tail = 0;
    for (let index = candidate; index < end; index++) tail += tokens[index]!;
    const saved = schedule.read * (1 - LOOP_KEPT_RATIO) * batch;
    const rewrite = (schedule.write - schedule.read) * tail;
    let open = 0;
    for (let index = cut; index < end; index++) open += tokens[index]!;
    if (batch > 0 && (saved >= rewrite || open >= LOOP_TAIL_MAX_TOKENS)) cut = candidate;
  }
  return cut;
}

/** The level of block compressions of tool results when the policy sets neither level nor mode. */
export const BLOCK_LEVEL: CompressionLevel = 'ultra';

/**
 * A user or assistant text of this many estimated tokens or more (about 1,000 characters: a
 * pasted note, a long answer) is compressed in its closed block like a tool result.
 */
export const BLOCK_TEXT_MIN_TOKENS = 250;

/** The level of those texts' compressions when the policy sets neither level nor mode. */
export const BLOCK_TEXT_LEVEL: CompressionLevel = 'standard';

/**
 * Estimated tokens of its compression a closed tool result shows in the prompt (its first
 * whole units: two records, sentences or JSON elements of the bench's lookups); the recall
 * and `ctxopt_retrieve` bring back the rest. Every token a closed block shows is written
 * once and read again on every later call, so under automatic prefix caching, where each
 * fresh result is written at 1.25x, the history decides the cost. Chosen on
 * `bench conversation-cost`'s 30-turn record conversation through LangChain under automatic
 * caching at Anthropic's prices: the service's `ultra` compression whole (four records) cost
 * 0.486x of caching alone, two records 0.448x, late recall 100% either way; held out: the
 * 100-turn conversations and lookups of 20 and 80 records.
 */
export const BLOCK_RESULT_TOKENS = 72;

/**
 * Block mode's level for tool results: blocks are read again on every later call and recall
 * brings back what a question names, so they are compressed hard unless the policy sets
 * `level` or `mode`.
 */
export function blockResultLevel(policy: ConversationPolicy): CompressionLevel | undefined {
  return policy.level ?? (policy.mode === undefined ? BLOCK_LEVEL : undefined);
}

/** Block mode's level for long texts: the user's and the model's own words are kept more of than tool output. */
export function blockTextLevel(policy: ConversationPolicy): CompressionLevel | undefined {
  return policy.level ?? (policy.mode === undefined ? BLOCK_TEXT_LEVEL : undefined);
}

/**
 * A long text compressed whole in its closed block: a text-only user or assistant message
 * of `BLOCK_TEXT_MIN_TOKENS` or more (no tool call or result, nothing text cannot carry:
 * files, reasoning, provider options), not of a pinned role, and never the current question
 * (the last user message).
 */
export function compressesBlockText(
  message: PlannerMessage,
  isCurrentQuestion: boolean,
  pinned: ReadonlySet<string>,
): boolean {
  return (
    !isCurrentQuestion &&
    (message.role === 'user' || message.role === 'assistant') &&
    !pinned.has(message.role) &&
    !message.hasNonTextParts &&
    (message.toolCallIds?.length ?? 0) === 0 &&
    (message.toolResultIds?.length ?? 0) === 0 &&
    estimateTokens(message.text) >= BLOCK_TEXT_MIN_TOKENS
  );
}

/**
 * The tool results of a message that are block parts: none in a pinned role or with
 * `toolResults.compress: false`. (Of those, `blockPartText` says which are ever sent.)
 */
export function blockResults(
  message: PlannerMessage,
  pinned: ReadonlySet<string>,
  policy: ConversationPolicy,
): readonly PlannerToolResult[] {
  return pinned.has(message.role) || !policy.toolResults.compress
    ? []
    : (message.toolResults ?? []);
}

/**
 * The text of a tool result's block part: results of `toolResults.exclude` tools and
 * results text cannot carry stay verbatim (an empty part is never sent).
 */
export function blockPartText(result: PlannerToolResult, excluded: ReadonlySet<string>): string {
  return result.text === undefined || excluded.has(result.toolName) ? '' : result.text;
}

/**
 * Share of tokens a compression keeps, assumed by the cost gate until the store shows
 * otherwise (the same ratio `LOOP_KEPT_RATIO` assumes for a loop's batch).
 */
export const ASSUMED_KEPT_RATIO = 0.3;

export interface CostGateInput {
  /** Estimated tokens of the text as it stands, already in the provider's cache. */
  tokens: number;
  /** Share of its tokens a compression is expected to keep (0..1). */
  keptRatio: number;
  /** Model calls expected to read this prefix from here on. */
  futureCalls: number;
  schedule: CacheSchedule;
}

/**
 * The cost gate: whether rewriting text the provider already caches pays off: the reads it
 * saves on the calls to come against writing its compression into the cache once. Text
 * nobody cached yet is always worth compressing, so this is asked only for a part inside
 * the prefix the provider reported reading from its cache on the previous call; a part it
 * does not pay for stays verbatim (`stats.gatedParts`).
 */
export function compressionPaysOff(input: CostGateInput): boolean {
  const savedReads = input.schedule.read * input.tokens * (1 - input.keptRatio) * input.futureCalls;
  const rewrite = input.schedule.write * input.tokens * input.keptRatio;
  return savedReads > rewrite;
}

/**
 * `blocks.recallTokens` and `toolResults.keepLast`: the current question carries a recall
 * (within `recallTokens`; 0 turns it off) of the compressed originals before it. These
 * earlier questions (user messages) keep the recall they had in their own turn: those whose
 * tool loop ran past `keepLast` results, as the provider cached the question with its
 * recall at every step of the loop, and a long loop closes blocks after it while it is
 * current.
 */
export function questionsKeepingRecall(
  messages: readonly PlannerMessage[],
  keepLast: number = DEFAULT_POLICY.toolResultsKeepLast,
): number[] {
  const questions = messages.flatMap((message, index) => (message.role === 'user' ? [index] : []));
  return questions.slice(0, -1).filter((at, order) => {
    const turnResults = messages
      .slice(at + 1, questions[order + 1])
      .filter((message) => (message.toolResultIds?.length ?? 0) > 0).length;
    return turnResults > keepLast;
  });
}
