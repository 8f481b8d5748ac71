import { describe, expect, it } from 'vitest';
import { runNodeHost } from '../testing/node-host.ts';

/**
 * The first requests of a fresh emulator or `LocalContextOptimizer` cost what the next ones
 * do: the tokenizer and the engine are loaded and warmed as it starts (in its thread, and in
 * a worker of the pool), not by the first request. Each measurement is a fresh Node process
 * (nothing loaded before it), and every bound is relative to figures of that process.
 */

const SHARED = `
const WORDS = ['harbour', 'pier', 'storm', 'ferry', 'invoice', 'signal', 'bridge', 'ledger'];
function prose(length, seed) {
  let state = seed;
  const next = (range) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) % range;
  };
  const sentences = [];
  let size = 0;
  while (size < length) {
    const words = Array.from({ length: 8 + next(10) }, () => WORDS[next(WORDS.length)]);
    const sentence = 'The ' + words.join(' ') + ' ' + next(1000000) + (next(5) === 0 ? '.\\n' : '. ');
    sentences.push(sentence);
    size += sentence.length;
  }
  return sentences.join('');
}
async function longestPause(call) {
  let last = performance.now();
  let longest = 0;
  const interval = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    await call();
  } finally {
    clearInterval(interval);
  }
  const ended = performance.now();
  const used = process.cpuUsage(cpu);
  return {
    duration: ended - started,
    cpu: (used.user + used.system) / 1000,
    longest: Math.max(longest, ended - last),
  };
}
`;

const EMULATOR_TIMED = `
let key = 0;
async function timed(emulator, context) {
  return longestPause(async () => {
    const response = await fetch(emulator.url + '/v1/compress', {
      method: 'POST',
      headers: {
        authorization: 'Bearer ' + emulator.apiKey,
        'content-type': 'application/json',
        'idempotency-key': 'cold-start-' + String(key++).padStart(4, '0'),
      },
      body: JSON.stringify({ context, query: 'When did the ferry sail?', level: 'standard' }),
    });
    if (response.status !== 200) throw new Error('status ' + response.status);
    await response.json();
  });
}
`;

/** `LocalContextOptimizer`: no start to wait for, so its first call is a small one, as an app's. */
const OPTIMIZER_BODY = `${SHARED}
async function main() {
  const optimizer = new LocalContextOptimizer();
  const call = (context) => longestPause(() => optimizer.compress({ context, query: 'When did the ferry sail?', level: 'standard' }));
  // A small call first, as an application's first one: it waits for the worker to warm up.
  await call(prose(4000, 1));
  const firstLarge = await call(prose(400000, 2));
  const steadyLarge = [];
  for (let round = 0; round < 5; round++) steadyLarge.push((await call(prose(400000, 20 + round))).cpu);
  console.log(JSON.stringify({ firstLarge, steadyLarge }));
}
`;

const EMULATOR_BODY = `${SHARED}${EMULATOR_TIMED}
async function main() {
  const emulator = await startEmulator({ limitTokens: 1000000000, inspector: false });
  try {
    // The HTTP client and server paths once, without the engine (fetch loads its own code on
    // first use): a large body the emulator reads, parses and refuses (400, no engine run).
    const refused = await fetch(emulator.url + '/v1/compress', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + emulator.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ context: prose(400000, 3), level: 'no such level' }),
    });
    if (refused.status !== 400) throw new Error('status ' + refused.status);
    await refused.text();
    // A small request first (in process), then a large one (in the pool): each the first of its kind.
    const firstSmall = await timed(emulator, prose(4000, 1));
    const firstLarge = await timed(emulator, prose(400000, 2));
    const steadySmall = [];
    const steadyLarge = [];
    for (let round = 0; round < 5; round++) {
      steadySmall.push((await timed(emulator, prose(4000, 10 + round))).cpu);
      steadyLarge.push((await timed(emulator, prose(400000, 20 + round))).cpu);
    }
    const waiting = await longestPause(() => new Promise((resolve) => setTimeout(resolve, 200)));
    console.log(JSON.stringify({ firstSmall, firstLarge, steadySmall, steadyLarge, waiting: waiting.longest }));
  } finally {
    await emulator.close();
  }
}
`;

/** Wall time, CPU time of the whole process (every thread), and the loop's longest pause, in ms. */
interface Pause {
  duration: number;
  cpu: number;
  longest: number;
}

interface EmulatorFigures {
  firstSmall: Pause;
  firstLarge: Pause;
  /** CPU times. */
  steadySmall: number[];
  steadyLarge: number[];
  /** The loop's longest gap while it only waits: what a loaded machine costs on its own. */
  waiting: number;
}

interface OptimizerFigures {
  firstLarge: Pause;
  /** CPU times. */
  steadyLarge: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The first large request against the next ones. Starting the worker and its tokenizer on
 * the first large request cost 753 ms against 160; with a worker warmed in one call on one
 * repeated paragraph, the first 400,000 characters still cost 2.5 to 3.5 times the CPU of
 * the next ones (the compiler had not optimized the paths real text takes). Warmed in
 * several calls on varied text (warm-up.ts), the goal is 2x.
 *
 * Through the emulator the first large request is the worker's first real one (small
 * requests run on the emulator's thread), and it measured 1.7 to 3.9 times the steady
 * median while a warm-up on Markdown alone, with a question none of whose words the text
 * held, left the query paths, other layouts and conversations to be compiled then, on the
 * compiler's threads (about 50 ms of CPU) and in the worker (25 ms more). The warm-up now
 * asks questions over the text's own words in four layouts (warm-up.timing.test.ts).
 */
function firstLargeBroken(firstLarge: Pause, steadyLarge: number[], bound: number): boolean {
  return firstLarge.cpu >= bound * median(steadyLarge);
}

/**
 * The goal, 2x. This body measures 0.71x through LocalContextOptimizer and 1.32x through
 * the emulator (median of eight fresh processes, 2.09x and 2.11x with the warm-up on
 * Markdown alone), bench/cold-start.ts 1.83x and 1.43x in wall time at load average 15
 * (real Markdown; 1.97x and 1.55x before), and this suite runs in the timing
 * layer, alone on the machine: beside another test worker, the compiler's background thread
 * optimized later, the steady calls' CPU varied by 2x (28 to 65 ms), and the first call
 * measured 2.05x and 2.2x. A worker warmed on one repeated paragraph measures 2.5 to 3.5x,
 * a tokenizer loaded on the first request 4.7x.
 */
const FIRST_LARGE_BOUND = 2;

/**
 * What the figures break: first calls near steady ones, the loop free. Costs are compared
 * in CPU time (of every thread: the process does nothing else meanwhile), which other
 * processes' load on the machine leaves alone; pauses in wall time, against the loop's
 * own gaps while it only waits.
 */
function emulatorBroken(figures: EmulatorFigures): string[] {
  const small = median(figures.steadySmall);
  const failures: string[] = [];
  // Loading the tokenizer on the first request cost 0.6 to 1.6 s against a few ms. A small
  // request costs a few ms, where timer resolution decides: at least 20 ms of room.
  if (figures.firstSmall.cpu >= Math.max(2 * small, small + 20))
    failures.push('first small request');
  if (figures.firstSmall.longest >= Math.max(2 * small, 10 * figures.waiting)) {
    failures.push('pause of the first small request');
  }
  if (firstLargeBroken(figures.firstLarge, figures.steadyLarge, FIRST_LARGE_BOUND)) {
    failures.push('first large request');
  }
  // The first large body is parsed and checked on the loop: up to 90 ms of a 250 to 450 ms request.
  const pauseBound = Math.max(figures.firstLarge.duration / 2, 4 * figures.waiting);
  if (figures.firstLarge.longest >= pauseBound) failures.push('pause of the first large request');
  return failures;
}

function optimizerBroken(figures: OptimizerFigures): string[] {
  return firstLargeBroken(figures.firstLarge, figures.steadyLarge, FIRST_LARGE_BOUND)
    ? ['first large call']
    : [];
}

/**
 * Measured again in up to four more fresh processes before it fails: a garbage collection,
 * or a burst of load on the machine (the HTTP client runs in the same process), can land
 * on any one request. One process's first large request measured 1.7 to 3.9 times its
 * steady median on the 2-core machine for an engine whose median process meets 2x (the
 * steady calls' own CPU varies 2x, 26 to 74 ms), so three processes failed together about
 * half the time. A first request that loads or compiles what the next ones find ready
 * (4.7x, 2.5 to 3.5x) fails all five.
 */
const MEASUREMENTS = 5;

async function measured<T>(body: string, broken: (figures: T) => string[]): Promise<T> {
  let figures = await runNodeHost<T>(body);
  for (let again = 1; again < MEASUREMENTS && broken(figures).length > 0; again++) {
    figures = await runNodeHost<T>(body);
  }
  return figures;
}

describe('a fresh emulator', () => {
  it('answers its first requests about as fast as the next ones, with its event loop free', async () => {
    const figures = await measured(EMULATOR_BODY, emulatorBroken);
    expect(emulatorBroken(figures), JSON.stringify(figures)).toEqual([]);
  }, 200_000);
});

describe('a fresh LocalContextOptimizer', () => {
  it('answers its first large call within twice the CPU of the next ones', async () => {
    const figures = await measured(OPTIMIZER_BODY, optimizerBroken);
    expect(optimizerBroken(figures), JSON.stringify(figures)).toEqual([]);
  }, 200_000);
});
