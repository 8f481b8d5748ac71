import { LONG_CHUNK } from './long-chunk.ts';
import { chunkEnd } from './pretokenize.ts';
import { countChunk, countTokens, encodeByChunk } from './tokenizer.ts';

/**
 * Exact o200k_base token counts for long texts, faster than encoding them: the text is
 * cut into the tokenizer's own chunks (pretokenize.ts), and each distinct chunk is
 * counted once with the real tokenizer and remembered by three 32-bit hashes and its
 * length (a false match is about as likely as 1 in 2^96 per pair of chunks). Chunks
 * are encoded independently of each other, so the sum is the count of the whole.
 *
 * The table is shared by every call in the process, so the common chunks of a language
 * (" the", ".\n") are counted once, not once per request. It holds at most
 * `MAX_CHUNKS` (65,536) chunks, about 2.6 MB, and starts over when full.
 */

const MAX_CHUNKS = 1 << 16;
const INITIAL_CAPACITY = 1 << 12;

let hashesA = new Int32Array(INITIAL_CAPACITY);
let hashesB = new Int32Array(INITIAL_CAPACITY);
let hashesC = new Int32Array(INITIAL_CAPACITY);
let lengths = new Int32Array(INITIAL_CAPACITY);
let counts = new Int32Array(INITIAL_CAPACITY).fill(-1);
let size = 0;

function slotOf(hashA: number, hashB: number, hashC: number, length: number): number {
  const mask = counts.length - 1;
  let slot = (hashA ^ Math.imul(hashB, 0x9e3779b1)) & mask;
  while (
    counts[slot] !== -1 &&
    (hashesA[slot] !== hashA ||
      hashesB[slot] !== hashB ||
      hashesC[slot] !== hashC ||
      lengths[slot] !== length)
  ) {
    slot = (slot + 1) & mask;
  }
  return slot;
}

function resize(capacity: number): void {
  const old = { hashesA, hashesB, hashesC, lengths, counts };
  hashesA = new Int32Array(capacity);
  hashesB = new Int32Array(capacity);
  hashesC = new Int32Array(capacity);
  lengths = new Int32Array(capacity);
  counts = new Int32Array(capacity).fill(-1);
  if (capacity === INITIAL_CAPACITY) {
    size = 0;
    return;
  }
  for (let at = 0; at < old.counts.length; at++) {
    if (old.counts[at] === -1) continue;
    const slot = slotOf(old.hashesA[at]!, old.hashesB[at]!, old.hashesC[at]!, old.lengths[at]!);
    hashesA[slot] = old.hashesA[at]!;
    hashesB[slot] = old.hashesB[at]!;
    hashesC[slot] = old.hashesC[at]!;
    lengths[slot] = old.lengths[at]!;
    counts[slot] = old.counts[at]!;
  }
}

function store(hashA: number, hashB: number, hashC: number, length: number, tokens: number) {
  if (size >= MAX_CHUNKS) resize(INITIAL_CAPACITY);
  const slot = slotOf(hashA, hashB, hashC, length);
  if (counts[slot] !== -1) return;
  hashesA[slot] = hashA;
  hashesB[slot] = hashB;
  hashesC[slot] = hashC;
  lengths[slot] = length;
  counts[slot] = tokens;
  if (++size * 2 > counts.length) resize(counts.length * 2);
}

/** Chunks of the current range the table does not know: index, start, hashes, length. */
const FIELDS = 6;
let missed = new Int32Array(FIELDS * 64);
let missedCount = 0;
/**
 * Whether the range holds a long chunk (long-chunk.ts), known or not: the range is then
 * never encoded whole, since the tokenizer's byte-pair merge is quadratic in a chunk's
 * length (a known run of 50,000 line breaks before one new word took seconds).
 */
let longInRange = false;
const hashes = new Int32Array(3);

function remember(chunk: number, start: number, length: number): void {
  if ((missedCount + 1) * FIELDS > missed.length) {
    const grown = new Int32Array(missed.length * 2);
    grown.set(missed);
    missed = grown;
  }
  const base = missedCount * FIELDS;
  missed[base] = chunk;
  missed[base + 1] = start;
  missed[base + 2] = hashes[0]!;
  missed[base + 3] = hashes[1]!;
  missed[base + 4] = hashes[2]!;
  missed[base + 5] = length;
  missedCount++;
}

/** Stores the count of missed chunk `at`. */
function learn(at: number, tokens: number): void {
  const base = at * FIELDS;
  store(missed[base + 2]!, missed[base + 3]!, missed[base + 4]!, missed[base + 5]!, tokens);
}

/**
 * Counts the chunks of `text.slice(start, end)` the table lacks, learns them, and
 * returns their tokens; `known` is the tokens of the others. A call into the tokenizer
 * costs about as much as encoding two or three tokens, so a few unknown chunks are
 * counted one by one, and many are read from one encoding of the whole range, which
 * yields its `chunks` chunks in order.
 */
function learnMissed(text: string, start: number, end: number, chunks: number, known: number) {
  let total = 0;
  if (longInRange || missedCount * 5 <= chunks * 2) {
    for (let at = 0; at < missedCount; at++) {
      const from = missed[at * FIELDS + 1]!;
      const tokens = countChunk(text.slice(from, from + missed[at * FIELDS + 5]!));
      learn(at, tokens);
      total += tokens;
    }
    return total;
  }
  let chunk = 0;
  let next = 0;
  const learned: number[] = [];
  for (const tokens of encodeByChunk(text.slice(start, end))) {
    if (next < missedCount && missed[next * FIELDS] === chunk) {
      learned.push(tokens.length);
      total += tokens.length;
      next++;
    }
    chunk++;
  }
  // Counts are matched to chunks only when the tokenizer cut the range as pretokenize.ts
  // did (property tests say it always does); otherwise count the range plainly.
  if (chunk !== chunks || next !== missedCount) return countTokens(text.slice(start, end)) - known;
  for (let at = 0; at < missedCount; at++) learn(at, learned[at]!);
  return total;
}

/** The exact token count of `text.slice(start, end)`. */
export function countChunks(text: string, start = 0, end = text.length): number {
  let total = 0;
  let index = start;
  let chunks = 0;
  missedCount = 0;
  longInRange = false;
  while (index < end) {
    const stop = chunkEnd(text, index, end);
    let hashA = 0x811c9dc5;
    let hashB = stop - index;
    let hashC = 0x2545f491;
    for (let at = index; at < stop; at++) {
      const code = text.charCodeAt(at);
      hashA = Math.imul(hashA ^ code, 0x01000193);
      hashB = (Math.imul(hashB, 31) + code) | 0;
      hashC = Math.imul(hashC + code, 0x5bd1e995) ^ (hashC >>> 15);
    }
    const tokens = counts[slotOf(hashA, hashB, hashC, stop - index)]!;
    if (stop - index >= LONG_CHUNK) longInRange = true;
    if (tokens >= 0) total += tokens;
    else {
      hashes[0] = hashA;
      hashes[1] = hashB;
      hashes[2] = hashC;
      remember(chunks, index, stop - index);
    }
    chunks++;
    index = stop;
  }
  if (missedCount === 0) return total;
  return total + learnMissed(text, start, end, chunks, total);
}
