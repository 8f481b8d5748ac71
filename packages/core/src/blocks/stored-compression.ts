/**
 * What the store keeps for one part: its compression, or `null` when the service saved
 * nothing (the part then stays verbatim, and is not sent again).
 */
export interface StoredCompression {
  compressed: string | null;
  inputTokens: number;
  compressedTokens: number;
}

export function serializeCompression(record: StoredCompression): string {
  return JSON.stringify(record);
}

/** The stored record, or `undefined` for anything that does not read as one (a foreign or damaged value). */
export function parseCompression(value: string | undefined): StoredCompression | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<StoredCompression>;
    const compressed = parsed.compressed;
    if (compressed !== null && typeof compressed !== 'string') return undefined;
    return {
      compressed,
      inputTokens: typeof parsed.inputTokens === 'number' ? parsed.inputTokens : 0,
      compressedTokens: typeof parsed.compressedTokens === 'number' ? parsed.compressedTokens : 0,
    };
  } catch {
    return undefined;
  }
}
