/**
 * What the dev scripts that read the engine's misses and ceilings share
 * (dialogue-misses.ts, dialogue-ceiling.ts, multihop-ceiling.ts): their options, the
 * levels they run and how they print a share.
 */

/** The value after `--name` on the command line, if it is there. */
export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

/** The three levels and the ratios they aim at, as the tables print them. */
export const LEVELS = [
  ['low', '2x'],
  ['standard', '4x'],
  ['ultra', '10x'],
] as const;

/** `count` of `total` as a percentage with one decimal, `-` of none. */
export function share(count: number, total: number): string {
  return total === 0 ? '-' : `${((100 * count) / total).toFixed(1)}%`;
}
