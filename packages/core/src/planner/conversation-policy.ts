import type { CompressionLevel, CompressionMode, LevelOrMode } from '../schemas.ts';
import type { ShadowSettings } from '../shadow/resolve-shadow.ts';
import type { ShadowPolicyFields } from '../shadow/shadow-options.ts';
import type { CompressionStore } from '../store/compression-store.ts';
import type { CompressionReport } from './compression-report.ts';
import type { TokenCounter } from './token-counter.ts';

/**
 * When a prompt is worth compressing at all. Any limit that is exceeded fires; with no
 * limit set, every prompt is considered (and `minTokens` alone decides).
 */
export interface CompressionTrigger {
  /** Fires when the prompt holds more than this many tokens. */
  tokens?: number;
  /** Fires when the prompt holds more than this many messages. */
  messages?: number;
  /** Fires when the prompt fills more than this fraction (0..1] of the model's context window. */
  fraction?: number;
}

/** What stays verbatim at the end of the prompt, besides the current turn's question. */
export interface KeepLast {
  /** The last this many messages. */
  messages?: number;
  /** The last messages that together hold at most this many tokens. */
  tokens?: number;
}

/** How tool results are compressed in place, each against the question and the call's arguments. */
export interface ToolResultPolicy {
  /** Compress older tool results. @default true */
  compress?: boolean;
  /** The newest this many tool results stay verbatim. @default 3 */
  keepLast?: number;
  /** Tool names whose results always stay verbatim. @default [] */
  exclude?: readonly string[];
  /** Results estimated below this many tokens stay verbatim (a call would cost more). @default 100 */
  minTokens?: number;
}

/**
 * Block mode: the history is cut into stable blocks whose tool results are compressed
 * once (query-free) and reused byte for byte, so the provider's prompt cache keeps
 * working; a query-aware recall before the question brings back what it needs.
 */
export interface BlockOptions {
  /** Use block mode. @default true */
  enabled?: boolean;
  /** A block closes at the first clean cut once it holds this many estimated tokens. @default 2500 */
  blockTokens?: number;
  /** Budget of the recall of compressed originals, in estimated tokens; 0 turns it off. @default 300 */
  recallTokens?: number;
}

/**
 * The conversation policy that both integrations share: the same names, defaults and
 * meaning in `@ctxopt/langchain` and `@ctxopt/ai-sdk`. Every field except `tokenCounter`,
 * `onCompress` and `cacheSize` can also be set per call.
 */
export type ConversationPolicyOptions = ConversationPolicyFields & LevelOrMode;

/** The fields of `ConversationPolicyOptions`; integrations' option types extend these. */
export interface ConversationPolicyFields extends ShadowPolicyFields {
  /** Compression level (one of level or mode). @default the service's */
  level?: CompressionLevel;
  /** Compression mode (one of level or mode). @default the service's */
  mode?: CompressionMode;
  /** A history span estimated below this many tokens is not sent. @default 500 */
  minTokens?: number;
  /** Compress only when the prompt exceeds one of these limits. @default none (always) */
  trigger?: CompressionTrigger;
  /** The last messages (or tokens) that stay verbatim. @default { messages: 0 } */
  keep?: KeepLast;
  /** Tool results compressed in place. @default { compress: true, keepLast: 3, exclude: [], minTokens: 100 } */
  toolResults?: ToolResultPolicy;
  /** `drop`: reasoning parts before the last message are removed (never those tied to a tool call). @default 'keep' */
  reasoning?: 'keep' | 'drop';
  /** Roles never compressed. @default ['system'] */
  pinnedRoles?: readonly string[];
  /** Milliseconds for all of one prompt's compression, retries included; past it the prompt goes as it was. @default 5000 */
  timeout?: number;
  /** `passthrough`: a failed compression sends the original prompt and reports the error; `throw`: it propagates. @default 'passthrough' */
  onError?: 'passthrough' | 'throw';
  /** The model's context window in tokens, for `trigger.fraction`. @default the model profile's, where the framework has one */
  contextWindow?: number;
  /** Skip compression entirely. @default false */
  disabled?: boolean;
  /** Counts the tokens of a text; calibrated against the provider's reported usage. @default about four characters a token */
  tokenCounter?: TokenCounter;
  /** Receives what each prompt's compression did: which messages, sizes, texts, request ids, usage. */
  onCompress?: (report: CompressionReport) => void;
  /** How many compressions are kept for reuse (an unchanged span is never sent twice); 0 turns reuse off. @default 32 */
  cacheSize?: number;
  /**
   * Block mode (true, false, or its settings); `false` compresses the history and older
   * tool results against each new question instead. @default true
   */
  blocks?: boolean | BlockOptions;
  /**
   * Where block mode keeps compressions and originals: share a `RedisCompressionStore`
   * between instances so each block is compressed once across them.
   * @default a `MemoryCompressionStore` per instance
   */
  store?: CompressionStore;
  /**
   * The tenant inside the deployment, for apps that serve many users (a user or
   * organisation id) or several apps on one store with an in-process optimizer: nothing
   * stored under one scope (compressions, originals) is read under another. Hashed, never
   * stored in clear. Per call too.
   * @default none: the API key's tenant alone
   */
  scope?: string;
  /**
   * The secret stored records are authenticated with (HMAC-SHA256), at least 16
   * characters; every instance sharing a store needs the same one.
   * @default env `CTXOPT_STORE_SECRET`, else derived from the API key, else a random secret of this process
   */
  storeSecret?: string;
}

/** The policy with every default filled in and every rule checked. */
export interface ConversationPolicy {
  level: CompressionLevel | undefined;
  mode: CompressionMode | undefined;
  minTokens: number;
  trigger: Readonly<CompressionTrigger>;
  keep: Readonly<KeepLast>;
  toolResults: Readonly<Required<ToolResultPolicy>>;
  reasoning: 'keep' | 'drop';
  pinnedRoles: readonly string[];
  timeout: number;
  onError: 'passthrough' | 'throw';
  contextWindow: number | undefined;
  disabled: boolean;
  tokenCounter: TokenCounter | undefined;
  onCompress: ((report: CompressionReport) => void) | undefined;
  cacheSize: number;
  blocks: Readonly<Required<BlockOptions>>;
  store: CompressionStore | undefined;
  scope: string | undefined;
  storeSecret: string | undefined;
  /** Shadow evaluation (`shadow`, `adapt`, `observe`, `onShadow`); per call, `shadow: false` skips sampling and `observe` switches observing. */
  shadow: ShadowSettings;
}

/** The options that can be set per call: all but the ones that shape an instance. */
export type ConversationCallOptions = Omit<
  ConversationPolicyFields,
  | 'tokenCounter'
  | 'onCompress'
  | 'cacheSize'
  | 'store'
  | 'storeSecret'
  | 'shadow'
  | 'adapt'
  | 'onShadow'
> & {
  /** `false`: this call is never shadowed. */
  shadow?: boolean;
} & LevelOrMode;
