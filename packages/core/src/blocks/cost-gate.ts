/**
 * What a provider charges for cached input (the cost gate and the loop boundary of
 * `policy/compression-policy.ts` weigh them), as multiples of its base input price: a
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
