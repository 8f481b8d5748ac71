import { estimateTokens } from './estimate-tokens.ts';

/**
 * Counts the tokens of a text. The default estimate takes about four characters a token;
 * pass a real tokenizer where one is cheap, such as `countTokens` from `@ctxopt/local`
 * (o200k, exact for current OpenAI models).
 */
export type TokenCounter = (text: string) => number;

/** Reported figures below this are too small to say anything about the counter's error. */
const MIN_REPORTED_TOKENS = 50;
/** How much each new observation moves the factor: recent prompts count most. */
const SMOOTHING = 0.3;
const MIN_FACTOR = 0.25;
const MAX_FACTOR = 8;

/**
 * A token counter calibrated against the usage the provider reports (`usage.inputTokens`,
 * `usage_metadata.input_tokens`): o200k is exact only for OpenAI models, and the
 * four-characters estimate is far off for non-Latin text, so the factor between what the
 * provider counted and what was estimated for the same prompt scales every later count.
 * A trigger then fires where the user set it, in the provider's own tokens.
 */
export class CalibratedTokenCounter {
  readonly #count: TokenCounter;
  #factor = 1;
  #observed = false;

  constructor(counter: TokenCounter = estimateTokens) {
    this.#count = counter;
  }

  /** The current ratio of reported to counted tokens; 1 until usage was observed. */
  get factor(): number {
    return this.#factor;
  }

  /** The uncalibrated count of a text. */
  raw(text: string): number {
    return this.#count(text);
  }

  /** The calibrated count of a text. */
  count(text: string): number {
    return Math.round(this.#count(text) * this.#factor);
  }

  /**
   * Learns from one model call: `countedTokens` is this counter's raw count of the prompt
   * that was sent, `reportedTokens` the provider's input tokens for it.
   */
  observe(countedTokens: number, reportedTokens: number | undefined): void {
    if (reportedTokens === undefined || !Number.isFinite(reportedTokens)) return;
    if (reportedTokens < MIN_REPORTED_TOKENS || countedTokens <= 0) return;
    const ratio = Math.min(MAX_FACTOR, Math.max(MIN_FACTOR, reportedTokens / countedTokens));
    // The first figure replaces the guess outright; later ones move it gradually.
    this.#factor = this.#observed ? this.#factor + SMOOTHING * (ratio - this.#factor) : ratio;
    this.#observed = true;
  }
}
