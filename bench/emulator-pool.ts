/**
 * Concurrent large requests on the emulator: the worker pool at its default size (one
 * worker per core but one), at one worker per core, and at one worker, in the same run. Each round sends `CONCURRENCY` compress requests of about
 * 300,000 characters of prose at once (texts that differ, so no count the engine
 * remembers makes one cheaper) and times until the last answer; rounds alternate between
 * the pool sizes, so that a burst of load on the machine hits both.
 * Run: `npx -y pnpm@12.21.0 exec node --conditions=@ctxopt/source bench/emulator-pool.ts`
 * (`--rounds=N`, default 4).
 */
import { availableParallelism, loadavg } from 'node:os';
import { ContextOptimizerClient } from '../packages/core/src/index.ts';
import { poolSize, resizeEnginePool } from '../packages/local/src/emulator/engine-runner.ts';
import { startEmulator } from '../packages/local/src/index.ts';

const CONCURRENCY = 8;
const CHARACTERS = 300_000;
const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 4);

const WORDS = ['harbour', 'pier', 'storm', 'ferry', 'invoice', 'signal', 'bridge', 'ledger'];

function prose(length: number, seed: number): string {
  let state = seed;
  const next = (range: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 16) % range;
  };
  const sentences: string[] = [];
  let size = 0;
  while (size < length) {
    const words = Array.from({ length: 8 + next(10) }, () => WORDS[next(WORDS.length)]!);
    const sentence = `The ${words.join(' ')} ${next(1_000_000)}.${next(5) === 0 ? '\n' : ' '}`;
    sentences.push(sentence);
    size += sentence.length;
  }
  return sentences.join('');
}

let seed = 1;

async function round(client: ContextOptimizerClient): Promise<number> {
  const contexts = Array.from({ length: CONCURRENCY }, () => prose(CHARACTERS, seed++));
  const started = performance.now();
  await Promise.all(
    contexts.map((context) => client.compress({ context, query: 'When did the ferry sail?' })),
  );
  return performance.now() - started;
}

const sizes = [...new Set([poolSize(), availableParallelism(), 1])];
const label = (size: number) =>
  size === poolSize()
    ? `${size} (default)`
    : size === availableParallelism()
      ? `${size} (one per core)`
      : `${size}`;
const emulator = await startEmulator({ limitTokens: Number.MAX_SAFE_INTEGER });
const client = new ContextOptimizerClient({ baseURL: emulator.url, apiKey: emulator.apiKey });
const times = new Map<number, number[]>(sizes.map((size) => [size, []]));
try {
  for (let index = 0; index < rounds; index++) {
    for (const size of sizes) {
      await resizeEnginePool(size);
      await round(client); // starts and warms this size's workers
      times.get(size)!.push(await round(client));
    }
  }
} finally {
  await emulator.close();
  await resizeEnginePool(undefined);
}

const best = (values: number[]) => Math.min(...values);
const perSecond = (ms: number) => (CONCURRENCY / (ms / 1000)).toFixed(2);
const one = best(times.get(1)!);
console.log(
  `\n## ${CONCURRENCY} concurrent requests of ${CHARACTERS.toLocaleString('en')} characters (${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)})\n`,
);
console.log('| workers | best round (ms) | requests/s | against one worker | rounds (ms) |');
console.log('| --- | --- | --- | --- | --- |');
for (const size of sizes) {
  const measured = times.get(size)!;
  console.log(
    `| ${label(size)} | ${best(measured).toFixed(0)} | ${perSecond(best(measured))} | ${(one / best(measured)).toFixed(2)}x | ${measured.map((time) => time.toFixed(0)).join(', ')} |`,
  );
}
