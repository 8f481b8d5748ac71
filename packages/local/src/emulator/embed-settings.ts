/**
 * An embedding function: one vector per text, in order, as the AI SDK's `embedMany`
 * (`(await embedMany({ model, values: texts })).embeddings`) and LangChain's
 * `Embeddings.embedDocuments(texts)` return them.
 */
export type Embed = (texts: string[]) => Promise<number[][]>;

/** The options that bring an embedder, the same for `startEmulator` and `LocalContextOptimizer`. */
export interface EmbedSettings {
  /**
   * An embedding function, `(texts: string[]) => Promise<number[][]>` (the AI SDK's
   * `embedMany`, LangChain's `Embeddings.embedDocuments`), to score the messages of a
   * conversation by meaning as well as by the words they share with the query: a message
   * that answers "happy with her salary?" in other words ("I want to get more pay at my
   * job") then competes for the budget. Called once per compression of a conversation
   * with a query (the query, then every message's content), never otherwise. When it
   * throws, rejects, takes longer than `embedTimeoutMs` or answers in the wrong shape,
   * the call is compressed by words alone (and `onEmbedError` is told): the embedder
   * never fails a call. Nothing is embedded by default.
   */
  embed?: Embed;
  /**
   * How long one call of `embed` may take, in ms; past it, the call goes on by words alone.
   * @default 30000
   */
  embedTimeoutMs?: number;
  /**
   * Called with each failure of `embed` (its error, a timeout, or a `TypeError` saying
   * which rule its answer broke), after which the call went on by words alone.
   */
  onEmbedError?: (error: unknown) => void;
}

/** `EmbedSettings` checked, with an embedder. */
export interface EmbedConfig {
  embed: Embed;
  timeoutMs: number;
  onError?: (error: unknown) => void;
}

/**
 * Time allowed for one call of `embed`. Wide, as the embedder is the user's own: the
 * Universal Sentence Encoder lite in pure JavaScript took about 16 ms a message on 2
 * cores (bench/README.md), so 30 s covers a conversation of about 1,800 messages.
 */
export const DEFAULT_EMBED_TIMEOUT_MS = 30_000;

/**
 * Checks the embed options, throwing an error that names the option and its rule;
 * undefined when no embedder was given.
 */
export function checkEmbedSettings(settings: EmbedSettings): EmbedConfig | undefined {
  const { embed, embedTimeoutMs, onEmbedError } = settings;
  if (embed !== undefined && typeof embed !== 'function') {
    throw new TypeError(
      'embed must be a function (texts: string[]) => Promise<number[][]>, or left out.',
    );
  }
  if (
    embedTimeoutMs !== undefined &&
    (!Number.isInteger(embedTimeoutMs) || embedTimeoutMs < 1 || embedTimeoutMs > 2 ** 31 - 1)
  ) {
    throw new RangeError(
      `embedTimeoutMs must be a whole number of milliseconds from 1 to 2147483647 (got ${String(embedTimeoutMs)}).`,
    );
  }
  if (onEmbedError !== undefined && typeof onEmbedError !== 'function') {
    throw new TypeError('onEmbedError must be a function (error: unknown) => void, or left out.');
  }
  if (embed === undefined) return undefined;
  return {
    embed,
    timeoutMs: embedTimeoutMs ?? DEFAULT_EMBED_TIMEOUT_MS,
    ...(onEmbedError ? { onError: onEmbedError } : {}),
  };
}
