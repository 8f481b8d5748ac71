/**
 * What a provider charges for cached input, as multiples of its base input price: a
 * cache read, and a cache write (the first time a prefix is stored).
 */
export interface CacheSchedule {
  read: number;
  write: number;
}

/** Anthropic: a cache read costs 0.1x base input, a 5-minute cache write 1.25x. */
export const ANTHROPIC_CACHE_SCHEDULE: CacheSchedule = { read: 0.1, write: 1.25 };

/** OpenAI: cached input is discounted (0.1x on current models); writes cost base input. */
export const OPENAI_CACHE_SCHEDULE: CacheSchedule = { read: 0.1, write: 1 };

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
 * Whether rewriting text the provider already caches pays off: the reads it saves on the
 * calls to come against writing its compression into the cache once. Text nobody cached
 * yet is always worth compressing, so this is asked only for cached text.
 */
export function compressionPaysOff(input: CostGateInput): boolean {
  const savedReads = input.schedule.read * input.tokens * (1 - input.keptRatio) * input.futureCalls;
  const rewrite = input.schedule.write * input.tokens * input.keptRatio;
  return savedReads > rewrite;
}
