/** Draws numbers in [0, 1): seeded for reproducible simulations, else `Math.random`. */
export type RandomSource = () => number;

/**
 * A seeded source (mulberry32: 32 bits of state, fast, and plenty for choosing which calls
 * to sample), or `Math.random` when no seed is given.
 */
export function randomSource(seed?: number): RandomSource {
  if (seed === undefined) return Math.random;
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
