/**
 * Cold start: the first large request of a fresh process against the next ones, for
 * `LocalContextOptimizer` and the emulator, in the same run. Each measurement is a fresh
 * Node process (nothing loaded before it): it builds the optimizer (or starts the
 * emulator), lets it start (`idleMs`, as an application does before its first request),
 * then times one request of `CHARACTERS` characters of prose it has not seen, then
 * `STEADY` more. The figure is the first request's wall time over the median of the next
 * ones; the table gives the median of that ratio over the processes.
 * Run: `npx -y pnpm@12.21.0 exec node --conditions=@ctxopt/source bench/cold-start.ts`
 * (`--processes=N`, default 5; `--idle=MS`, default 5000).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { docsCorpus } from './support/docs-corpus.ts';

const run = promisify(execFile);
const processes = Number(
  process.argv.find((arg) => arg.startsWith('--processes='))?.slice(12) ?? 5,
);
const idleMs = Number(process.argv.find((arg) => arg.startsWith('--idle='))?.slice(7) ?? 5000);
const CHARACTERS = 400_000;
const STEADY = 5;
const packageFolder = fileURLToPath(new URL('../packages/local', import.meta.url));

const BODY = `
import { readFileSync } from 'node:fs';
import { startEmulator, LocalContextOptimizer } from '@ctxopt/local';
const [corpusFile, from, kind] = process.argv.slice(-3);
const corpus = readFileSync(corpusFile, 'utf8');
function slice(index) {
  const start = (Number(from) + index * ${CHARACTERS}) % (corpus.length - ${CHARACTERS});
  return corpus.slice(start, start + ${CHARACTERS});
}
const params = (index) => ({ context: slice(index), query: 'How do I configure the output format?', level: 'standard' });
async function times(call) {
  const texts = Array.from({ length: ${STEADY + 1} }, (_, index) => params(index));
  const measured = [];
  for (const text of texts) {
    const started = performance.now();
    await call(text);
    measured.push(performance.now() - started);
  }
  return measured;
}
const idle = () => new Promise((resolve) => setTimeout(resolve, ${idleMs}));
let measured;
let startMs = 0;
if (kind === 'optimizer') {
  const optimizer = new LocalContextOptimizer();
  await idle();
  measured = await times((body) => optimizer.compress(body));
} else {
  const starting = performance.now();
  const emulator = await startEmulator({ limitTokens: 1e12, inspector: false });
  startMs = performance.now() - starting;
  await idle();
  let key = 0;
  measured = await times(async (body) => {
    const response = await fetch(emulator.url + '/v1/compress', {
      method: 'POST',
      headers: {
        authorization: 'Bearer ' + emulator.apiKey,
        'content-type': 'application/json',
        'idempotency-key': 'cold-start-' + String(key++).padStart(4, '0'),
      },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error('status ' + response.status);
    await response.json();
  });
  await emulator.close();
}
console.log(JSON.stringify({ measured, startMs }));
`;

// The text: the distinct Markdown files installed under node_modules/.pnpm, as in
// engine-throughput.ts (prose and code of many projects, about 4 MB), so that each request
// meets words the process has not counted yet, at the rate real documents do.
const corpus = docsCorpus().join('\n\n');
if (corpus.length < 4 * CHARACTERS)
  throw new Error('too little Markdown under node_modules/.pnpm: install first');
const folder = mkdtempSync(join(tmpdir(), 'cold-start-'));
const corpusFile = join(folder, 'corpus.md');
writeFileSync(corpusFile, corpus);

async function fresh(
  kind: string,
  index: number,
): Promise<{ measured: number[]; startMs: number }> {
  // Each process starts at another place of the text.
  const from = String(index * 2 * CHARACTERS);
  const { stdout } = await run(
    process.execPath,
    ['--conditions=@ctxopt/source', '--input-type=module', '-e', BODY, corpusFile, from, kind],
    { cwd: packageFolder, timeout: 120_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const figures = new Map<
  string,
  { first: number[]; steady: number[]; ratio: number[]; start: number[] }
>();
for (let index = 0; index < processes; index++) {
  // Alternated, so that a burst of load on the machine hits both.
  for (const kind of ['optimizer', 'emulator']) {
    const { measured, startMs } = await fresh(kind, index);
    const [first, ...steady] = measured;
    const entry = figures.get(kind) ?? { first: [], steady: [], ratio: [], start: [] };
    entry.start.push(startMs);
    entry.first.push(first!);
    entry.steady.push(median(steady));
    entry.ratio.push(first! / median(steady));
    figures.set(kind, entry);
  }
}

rmSync(folder, { recursive: true, force: true });

console.log(
  `\n## First request of ${CHARACTERS.toLocaleString('en')} characters against the next ${STEADY}, ${processes} fresh processes, ${idleMs} ms after start (${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)})\n`,
);
console.log(
  '| host | first (ms, median) | next (ms, median) | first / next (median) | per process |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const [kind, entry] of figures) {
  console.log(
    `| ${kind === 'optimizer' ? '`LocalContextOptimizer`' : 'emulator (HTTP)'} | ${median(entry.first).toFixed(0)} | ${median(entry.steady).toFixed(0)} | ${median(entry.ratio).toFixed(2)}x | ${entry.ratio.map((ratio) => `${ratio.toFixed(2)}x`).join(', ')} |`,
  );
}
const emulatorStart = figures.get('emulator')!.start;
console.log(
  `\n\`startEmulator()\` resolved after ${median(emulatorStart).toFixed(0)} ms (median; it waits for a warm worker).`,
);
