/**
 * mulberry32: a small, fast, seeded generator. The same seed gives the same numbers
 * on every run and machine, which is what a benchmark fixture or a data-set build needs;
 * the quality is ample for picking text.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
