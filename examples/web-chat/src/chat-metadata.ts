/** What the server attaches to each assistant message (`messageMetadata`), read by the page. */
export interface ChatMetadata {
  /** `provider/modelId` of the model that answered. */
  model: string;
  /** The emulator's inspector page, when the example runs on the in-process emulator. */
  inspectorUrl?: string;
  /** The compression of each model call of the answer, from `providerMetadata.ctxopt`. */
  calls?: { status: string; requestId?: string }[];
  /** Tokens of the compressible part of the prompt (history and retrieved sections). */
  inputTokens?: number;
  /** What those tokens became. */
  compressedTokens?: number;
  /** Input tokens the model itself reported. */
  modelInputTokens?: number;
}
