import { chunkEnd } from './pretokenize.ts';
import { countTokens } from './tokenizer.ts';

/**
 * Exact o200k_base token counts for long texts, faster than encoding them: the text is
 * cut into the tokenizer's own chunks (pretokenize.ts), each distinct chunk is counted
 * once with the real tokenizer and remembered by two hashes and its length. Chunks are
 * encoded independently of each other, so the sum is the count of the whole.
 *
 * One table serves one engine call, so memory is bounded by the input.
 */
export class ChunkCounter {
  private hashA = new Int32Array(4096);
  private hashB = new Int32Array(4096);
  private lengths = new Int32Array(4096);
  private counts = new Int32Array(4096).fill(-1);
  private size = 0;

  /** The exact token count of `text.slice(start, end)`. */
  count(text: string, start: number, end: number): number {
    let total = 0;
    let index = start;
    while (index < end) {
      const stop = chunkEnd(text, index, end);
      let hashA = 0x811c9dc5;
      let hashB = stop - index;
      for (let at = index; at < stop; at++) {
        const code = text.charCodeAt(at);
        hashA = Math.imul(hashA ^ code, 0x01000193);
        hashB = (Math.imul(hashB, 31) + code) | 0;
      }
      const slot = this.slot(hashA, hashB, stop - index);
      let tokens = this.counts[slot]!;
      if (tokens < 0) {
        tokens = countTokens(text.slice(index, stop));
        this.store(slot, hashA, hashB, stop - index, tokens);
      }
      total += tokens;
      index = stop;
    }
    return total;
  }

  private slot(hashA: number, hashB: number, length: number): number {
    const mask = this.counts.length - 1;
    let slot = (hashA ^ Math.imul(hashB, 0x9e3779b1)) & mask;
    while (
      this.counts[slot] !== -1 &&
      (this.hashA[slot] !== hashA || this.hashB[slot] !== hashB || this.lengths[slot] !== length)
    ) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private store(slot: number, hashA: number, hashB: number, length: number, tokens: number): void {
    this.hashA[slot] = hashA;
    this.hashB[slot] = hashB;
    this.lengths[slot] = length;
    this.counts[slot] = tokens;
    if (++this.size * 2 <= this.counts.length) return;
    const { hashA: oldA, hashB: oldB, lengths: oldLengths, counts: oldCounts } = this;
    const capacity = oldCounts.length * 2;
    this.hashA = new Int32Array(capacity);
    this.hashB = new Int32Array(capacity);
    this.lengths = new Int32Array(capacity);
    this.counts = new Int32Array(capacity).fill(-1);
    for (let old = 0; old < oldCounts.length; old++) {
      if (oldCounts[old] === -1) continue;
      const moved = this.slot(oldA[old]!, oldB[old]!, oldLengths[old]!);
      this.hashA[moved] = oldA[old]!;
      this.hashB[moved] = oldB[old]!;
      this.lengths[moved] = oldLengths[old]!;
      this.counts[moved] = oldCounts[old]!;
    }
  }
}
