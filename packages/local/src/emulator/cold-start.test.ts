import { setTimeout as delay } from 'node:timers/promises';
import { type Emulator, startEmulator } from '@ctxopt/local';
import { afterEach, describe, expect, it } from 'vitest';
import { longestPause } from '../../../../test/support/longest-pause.ts';
import { send } from './testing/send.ts';

/**
 * The first requests of a fresh emulator cost what the next ones do: the tokenizer and the
 * engine are loaded as it starts (in this thread, and in a worker of the pool), not by the
 * first request. This file runs in a thread of its own, so nothing before it loaded them.
 * Every bound is relative to figures of the same run.
 */

const WORDS = ['harbour', 'pier', 'storm', 'ferry', 'invoice', 'signal', 'bridge', 'ledger'];

/** Sentences that differ for each seed, so no count the engine remembers makes one cheaper. */
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function timed(running: Emulator, context: string) {
  const measured = await longestPause(() =>
    send(running, { body: { context, query: 'When did the ferry sail?', level: 'standard' } }),
  );
  expect(measured.result.status).toBe(200);
  return measured;
}

describe('a fresh emulator', () => {
  it('answers its first requests as fast as the next ones, with its event loop free', async () => {
    emulator = await startEmulator({ limitTokens: 1_000_000_000 });
    // A small request first (in process), then a large one (in the pool): each the first of its kind.
    const firstSmall = await timed(emulator, prose(4_000, 1));
    const firstLarge = await timed(emulator, prose(400_000, 2));
    const steadySmall: number[] = [];
    const steadyLarge: number[] = [];
    for (let round = 0; round < 5; round++) {
      steadySmall.push((await timed(emulator, prose(4_000, 10 + round))).duration);
      steadyLarge.push((await timed(emulator, prose(400_000, 20 + round))).duration);
    }
    // What a loaded machine costs on its own: the loop's longest gap while it only waits.
    const waiting = await longestPause(() => delay(200));
    const small = median(steadySmall);
    const large = median(steadyLarge);
    console.log(
      JSON.stringify({
        firstSmall: [firstSmall.duration, firstSmall.longest],
        firstLarge: [firstLarge.duration, firstLarge.longest],
        steadySmall,
        steadyLarge,
        waiting: waiting.longest,
      }),
    );
    // Loading the tokenizer on the first request cost 0.6 to 1.6 s against a few ms.
    // Small requests take a few ms, where the machine's own noise decides: 10 gaps of the idle
    // loop. The goal is 2x; 3x leaves room for a loaded 2-core machine, where one request of
    // the same size varied 5-fold within a run, and still fails a first request that loads.
    const smallBound = Math.max(3 * small, 10 * waiting.longest);
    expect(firstSmall.duration).toBeLessThan(smallBound);
    expect(firstSmall.longest).toBeLessThan(smallBound);
    // Starting the worker and its tokenizer on the first large request: 753 ms against 160.
    expect(firstLarge.duration).toBeLessThan(3 * large);
    expect(firstLarge.longest).toBeLessThan(Math.max(firstLarge.duration / 4, 4 * waiting.longest));
  }, 120_000);
});
