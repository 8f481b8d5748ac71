import {
  WORD_VECTOR_BYTES,
  WORD_VECTOR_DIMENSIONS,
  WORD_VECTOR_WORDS,
} from './word-vectors.generated.ts';

/**
 * The shipped English word-vector table (word-vectors.generated.ts, distilled from GloVe by
 * scripts/build-word-vectors.ts), decoded on first use: about 25,000 frequent lower-case
 * words, each a unit vector of signed bytes. A word outside it has no vector.
 */
export interface WordVectors {
  readonly dimensions: number;
  /** Each word's row; a row's rank is its frequency rank in GloVe's corpus. */
  readonly rows: ReadonlyMap<string, number>;
  readonly data: Int8Array;
}

let table: WordVectors | undefined;

export function wordVectors(): WordVectors {
  if (table) return table;
  const rows = new Map<string, number>();
  for (const [row, word] of WORD_VECTOR_WORDS.split(' ').entries()) rows.set(word, row);
  const bytes = Buffer.from(WORD_VECTOR_BYTES, 'base64');
  table = {
    dimensions: WORD_VECTOR_DIMENSIONS,
    rows,
    data: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length),
  };
  return table;
}

/**
 * The mean of `words`' vectors, each weighted down by its frequency (a / (a + p), p from the
 * word's rank by Zipf's law), so "the" and "said" weigh little beside "salary"; undefined when
 * no word has a vector.
 */
export function textVector(words: Iterable<string>): Float32Array | undefined {
  const { dimensions, rows, data } = wordVectors();
  const sum = new Float32Array(dimensions);
  let found = 0;
  for (const word of words) {
    const row = rows.get(word.toLowerCase());
    if (row === undefined) continue;
    const weight = rankWeight(row);
    const offset = row * dimensions;
    for (let d = 0; d < dimensions; d++) sum[d]! += weight * data[offset + d]!;
    found++;
  }
  return found === 0 ? undefined : sum;
}

/** Zipf's p(rank) ≈ 0.1 / rank; with SIF's a = 1e-3, a / (a + p) = rank / (rank + 100). */
const SMOOTHING_RANK = 100;

/** The weight of the word of table row `row` in a text's vector: its rank / (rank + 100). */
export function rankWeight(row: number): number {
  return 1 - 1 / (1 + (row + 1) / SMOOTHING_RANK);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let d = 0; d < a.length; d++) {
    dot += a[d]! * b[d]!;
    na += a[d]! * a[d]!;
    nb += b[d]! * b[d]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
