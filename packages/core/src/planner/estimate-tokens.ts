/**
 * A cheap token estimate (about four characters a token for English text), used only to
 * decide whether a context is worth a network call. Exact counts come from the service.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
