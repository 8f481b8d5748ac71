/** One model call of `generate`, made after the context was compressed. */
export interface ProviderCall {
  /** The model identifier the provider accepts, as the caller sent it. */
  model: string;
  /** The compressed context the answer must come from. */
  context: string;
  /** The caller's current query, when it sent one. */
  query: string | undefined;
  /** Upper bound of the answer's tokens (spec 2.2: 1 to 32768, default 1024). */
  maxOutputTokens: number;
  /** Aborts the provider call (the emulator closing, the caller's signal). */
  signal?: AbortSignal;
}

/** The provider's answer with the token counts it reported (spec 2.4 `usage.provider`). */
export interface ProviderAnswer {
  answer: string;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** Turns a `generate` call into one request to a model provider. */
export interface ProviderAdapter {
  /** `http` adapters call a real provider; `offline` answers in process. */
  readonly kind: 'http' | 'offline';
  generate(call: ProviderCall): Promise<ProviderAnswer>;
}
