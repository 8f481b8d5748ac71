import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageRequire } from './package-require.ts';
import { decodeWordVectors, type WordVectorTable } from './word-vector-file.ts';

/**
 * The shipped English word-vector table (the package's assets/word-vectors.bin, distilled
 * from GloVe by scripts/build-word-vectors.ts), read on first use: about 25,000 frequent
 * lower-case words, each a unit vector of signed bytes. A word outside it has no vector.
 */
let table: WordVectorTable | null | undefined;

/** The table file, found from the package's own manifest (the sources and both builds). */
function tableFile(): string {
  const manifest = packageRequire().resolve('@ctxopt/local/package.json');
  return join(dirname(manifest), 'assets', 'word-vectors.bin');
}

/**
 * The table, or undefined where it cannot be read (an application bundled without the
 * package's files): the engine then ranks by words alone, as it does for other languages.
 */
export function wordVectors(): WordVectorTable | undefined {
  if (table === undefined) {
    try {
      table = decodeWordVectors(readFileSync(tableFile()));
    } catch {
      table = null;
    }
  }
  return table ?? undefined;
}

/**
 * The mean of `words`' vectors, each weighted down by its frequency (a / (a + p), p from the
 * word's rank by Zipf's law), so "the" and "said" weigh little beside "salary"; undefined when
 * no word has a vector.
 */
export function textVector(words: Iterable<string>): Float32Array | undefined {
  const vectors = wordVectors();
  if (!vectors) return undefined;
  const { dimensions, rows, data } = vectors;
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

/**
 * Zipf's p(rank) ≈ 0.1 / rank; with SIF's a = 1e-3, a / (a + p) = rank / (rank + 100).
 * Every word weighing the same instead (whole dev, 2026-11-26, 2x / 4x / 10x): NQ passages
 * only 96.2 / 92.2 / 87.2 -> 95.8 / 92.2 / 86.6%, its chat prompt 86.2 -> 85.8% at 10x, the
 * other NQ layouts -0.2 to -0.6: a loss on the figure furthest under its goal, so it stays.
 */
const SMOOTHING_RANK = 100;

/** The weight of the word of table row `row` in a text's vector: its rank / (rank + 100). */
export function rankWeight(row: number): number {
  return 1 - 1 / (1 + (row + 1) / SMOOTHING_RANK);
}
