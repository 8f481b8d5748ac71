import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { cpuMillis, settledGrowth } from './testing/growth.ts';

/**
 * Cost stays linear on inputs that once made it quadratic: the CPU time for an input
 * eight times longer, against the time for the shorter one, in the same run (about 8
 * when linear, 64 when quadratic). Each time is the best of five texts that differ (so no
 * cache of token counts helps), against timing noise.
 */

/** Pseudo-random characters from `alphabet`, different for each seed (no cache helps). */
function randomRun(alphabet: string | readonly string[], length: number, seed: number): string {
  let state = seed * 7_919 + 12_345;
  let text = '';
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += alphabet[(state >>> 16) % alphabet.length];
  }
  return text;
}

function repeated(piece: string, length: number, seed: number): string {
  return `${seed} ${piece.repeat(Math.ceil(length / piece.length))}`.slice(0, length);
}

const inputs: Record<string, (length: number, seed: number) => string> = {
  'one unbroken run of letters': (length, seed) =>
    randomRun('abcdefghijklmnopqrstuvwxyz', length, seed),
  'only line breaks': (length, seed) => `x${'\n'.repeat(length - seed)}`,
  'a run of punctuation': (length, seed) => randomRun('=-+*#.', length, seed),
  'base64 pasted as text': (length, seed) =>
    randomRun('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', length, seed),
  'a minified blob': (length, seed) =>
    repeated(
      'function(a,b){return a.map(function(c){return c*b+1})};var x={"k":[1,2]};',
      length,
      seed,
    ),
  'URLs without spaces': (length, seed) =>
    repeated('https://example.com/a/b?q=1&r=2,', length, seed),
  'CJK without spaces': (length, seed) =>
    randomRun('東京は日本の首都です。川町を流れる', length, seed),
  // A run's pieces are sized by its characters a token, with no shortest piece: the
  // densest runs, whose characters are several tokens each, make the shortest pieces.
  'emoji without spaces': (length, seed) =>
    randomRun(['😀', '🚀', '🎉', '🧪', '🦊', '🌋', '🪐', '🫖'], length / 2, seed),
  'Yi syllables, three tokens a character': (length, seed) =>
    randomRun(
      Array.from({ length: 64 }, (_, at) => String.fromCharCode(0xa000 + 17 * at)),
      length,
      seed,
    ),
};

let seed = 0;

/** The CPU time of one call on `length` characters of a text no other call saw. */
function timer(make: (length: number, seed: number) => string) {
  return (length: number) => {
    const context = make(length, seed++);
    return cpuMillis(() => compressContext({ context, query: 'harbour', level: 'standard' }));
  };
}

describe('compressContext time', { timeout: 180_000 }, () => {
  for (const [name, make] of Object.entries(inputs)) {
    it(`grows linearly on ${name}`, () => {
      timer(make)(1_000); // warm the code paths
      // Linear is 8; quadratic 64. 10,000 characters, best of three, are enough for a
      // quadratic step to show: long chunks left to the tokenizer's own pair scan measured
      // 33 to 57 here (letters, line breaks, punctuation), against 20,000 and best of five
      // before, at a third of the time.
      expect(settledGrowth(timer(make), 10_000, 8, 3, 24)).toBeLessThan(24);
    });
  }
});

// A megabyte takes seconds of CPU, measured twice when over the limit: minutes on a loaded machine.
describe('compressContext time past the tokenizer cache', { timeout: 400_000 }, () => {
  // gpt-tokenizer's merge cache fills after a few hundred thousand characters of text
  // whose chunks are all new (base64); from there its evictions grew slower with each one.
  it('grows linearly on a megabyte of base64', () => {
    // Linear is 4; 4 to 7 is measured on a loaded 2-core machine, so 10 left too little
    // room. The evicting cache made it about 18.
    expect(settledGrowth(timer(inputs['base64 pasted as text']!), 300_000, 4, 2, 12)).toBeLessThan(
      12,
    );
  });
});

// Hindi is also written with the full stop as its sentence end, with no danda: each full
// stop after a Devanagari letter once looked the whole block over for a danda (sentence-
// cuts.ts), and 1.7 MB of it in one paragraph took 3.6 s against 0.09 s once looked once.
const HINDI_WORDS = ['वह', 'रोज़', 'सुबह', 'बाज़ार', 'जाकर', 'ताज़ी', 'सब्ज़ियाँ', 'खरीदता', 'था', 'नदी'];

function hindiWithFullStops(length: number, seed: number): string {
  let state = seed * 7_919 + 12_345;
  let text = `${seed}`;
  while (text.length < length) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += ` ${HINDI_WORDS[(state >>> 16) % HINDI_WORDS.length]}`;
    if (state % 7 === 0) text += '.';
  }
  return text.slice(0, length);
}

describe('compressContext time on long paragraphs of Hindi', { timeout: 400_000 }, () => {
  it('grows linearly with full stops and no danda', () => {
    timer(hindiWithFullStops)(1_000); // warm the code paths
    // Linear is 8; a look for the danda at every full stop made it over 100.
    expect(settledGrowth(timer(hindiWithFullStops), 150_000, 8, 2, 24)).toBeLessThan(24);
  });
});
