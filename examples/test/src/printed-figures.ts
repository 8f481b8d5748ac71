/** Reads the figures back from the lines an example printed, so tests check what a user sees. */

/** `12,345` → 12345 */
export function parseCount(text: string): number {
  return Number(text.replaceAll(',', ''));
}

/** The first match of `pattern` in `line`, or a failure naming what was expected. */
export function match(line: string | undefined, pattern: RegExp): RegExpExecArray {
  const found = pattern.exec(line ?? '');
  if (!found) throw new Error(`expected a line matching ${pattern}, got: ${line}`);
  return found;
}

/** The percentage the examples print for a reduction: one decimal. */
export function printedReduction(before: number, after: number): string {
  return ((1 - after / before) * 100).toFixed(1);
}
