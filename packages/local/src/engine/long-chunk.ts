/**
 * Exact token counts of very long chunks (a run of letters with no space, a run of line
 * breaks, a long run of punctuation) in O(n log n).
 *
 * The tokenizer encodes each chunk of its pre-tokenization (pretokenize.ts) by
 * byte-pair merging: it repeatedly merges the adjacent pair of parts with the lowest
 * rank, the leftmost of equal ranks. gpt-tokenizer finds that pair by scanning every
 * pair after each merge, which is quadratic: a chunk of 100,000 characters takes
 * seconds, and a million, minutes. The same merges, in the same order, come out of a
 * priority queue of pairs ordered by (rank, position) with stale entries skipped, so
 * the count is the tokenizer's own.
 */

/** The rank of a byte sequence in the encoding, or undefined when it is no token. */
export interface RankTable {
  /** Rank of a string whose UTF-8 bytes are a token. */
  ofString(text: string): number | undefined;
  /** Rank of any byte sequence. */
  ofBytes(bytes: Uint8Array): number | undefined;
}

/** Chunks at least this long are counted here; shorter ones by the tokenizer. */
export const LONG_CHUNK = 64;

const NONE = Number.POSITIVE_INFINITY;
const encoder = new TextEncoder();

/**
 * A binary heap of numbers. Pairs go in as `rank * positions + start` (`positions` a
 * power of two above the chunk's length): one number orders them by rank, then
 * leftmost first, exactly (below 2^53), and gives back the start of the pair.
 */
class PairHeap {
  keys: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(Math.max(16, capacity));
  }

  push(key: number): void {
    if (this.size === this.keys.length) {
      const grown = new Float64Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    const keys = this.keys;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[at] = keys[parent]!;
      at = parent;
    }
    keys[at] = key;
  }

  /** Removes and returns the smallest key. */
  pop(): number {
    const keys = this.keys;
    const top = keys[0]!;
    const last = keys[--this.size]!;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= last) break;
      keys[at] = keys[child]!;
      at = child;
    }
    keys[at] = last;
    return top;
  }
}

/**
 * A key for `bytes[start..end)` that two different sequences never share: up to six
 * bytes packed in a number with the length (below 2^53), longer ones as a string of one
 * character per byte.
 */
function byteKey(bytes: Uint8Array, start: number, end: number): number | string {
  if (end - start <= 6) {
    let key = end - start;
    for (let at = start; at < end; at++) key = key * 256 + bytes[at]!;
    return key;
  }
  let key = '';
  for (let at = start; at < end; at++) key += String.fromCharCode(bytes[at]!);
  return key;
}

/** The number of tokens the byte-pair merge of one chunk yields. */
export function countLongChunk(chunk: string, ranks: RankTable): number {
  const bytes = encoder.encode(chunk);
  const length = bytes.length;
  if (length <= 1) return length;
  // Parts are identified by their first byte; `next` is the start of the part after.
  const next = new Int32Array(length);
  const previous = new Int32Array(length);
  const alive = new Uint8Array(length).fill(1);
  // The rank each part's pair with its successor had when queued, to skip stale entries.
  const pairRank = new Float64Array(length);
  for (let at = 0; at < length; at++) {
    next[at] = at + 1;
    previous[at] = at - 1;
  }
  // Byte offsets equal string offsets when the chunk is ASCII, so string keys serve.
  const ascii = length === chunk.length;
  // Other byte sequences are looked up once each: the tokenizer's lookup by bytes checks
  // and decodes UTF-8, then searches, and a run of one character (a million CJK
  // characters took 3.3 s) asks for the same few pairs millions of times.
  const known = ascii ? undefined : new Map<number | string, number>();
  const rankOf = (start: number, end: number): number => {
    if (!known) return ranks.ofString(chunk.slice(start, end)) ?? NONE;
    const key = byteKey(bytes, start, end);
    let rank = known.get(key);
    if (rank === undefined) {
      rank = ranks.ofBytes(bytes.subarray(start, end)) ?? NONE;
      known.set(key, rank);
    }
    return rank;
  };
  const positions = 2 ** Math.ceil(Math.log2(length + 1));
  const heap = new PairHeap(length);
  for (let at = 0; at + 1 < length; at++) {
    const rank = rankOf(at, at + 2);
    pairRank[at] = rank;
    if (rank !== NONE) heap.push(rank * positions + at);
  }
  pairRank[length - 1] = NONE;
  let parts = length;
  while (heap.size > 0) {
    const key = heap.pop();
    const rank = Math.floor(key / positions);
    const part = key - rank * positions;
    if (!alive[part] || pairRank[part] !== rank || next[part]! >= length) continue;
    // Merge the part with the one after it.
    const removed = next[part]!;
    alive[removed] = 0;
    next[part] = next[removed]!;
    if (next[part]! < length) previous[next[part]!] = part;
    parts--;
    const after = next[part]!;
    const pairEnd = after < length ? next[after]! : length + 1;
    pairRank[part] = pairEnd <= length ? rankOf(part, pairEnd) : NONE;
    if (pairRank[part] !== NONE) heap.push(pairRank[part]! * positions + part);
    const before = previous[part]!;
    if (before >= 0) {
      pairRank[before] = rankOf(before, after);
      if (pairRank[before] !== NONE) heap.push(pairRank[before]! * positions + before);
    }
  }
  return parts;
}
