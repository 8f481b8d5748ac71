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
  /**
   * Shadow evaluation so far: per level and kind of content, answers judged, those that
   * agreed with the answer to the uncompressed prompt, and the 95% interval of the rate.
   */
  agreement?: {
    level: string;
    kind: string;
    judged: number;
    agreed: number;
    lower: number;
    upper: number;
  }[];
}
