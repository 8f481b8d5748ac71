/** `12,345` */
export function formatTokens(count: number): string {
  return count.toLocaleString('en-US');
}

/** A reduction as a percentage with one decimal: `0.7012` → `70.1%`. */
export function formatReduction(reduction: number): string {
  return `${(reduction * 100).toFixed(1)}%`;
}
