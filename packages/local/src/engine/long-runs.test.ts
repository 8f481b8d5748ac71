import { createRequire } from 'node:module';
import { compressContext, countTokens } from '@ctxopt/local';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_CHUNK } from './long-chunk.ts';
import { type MergeProbe, watchMerges } from './testing/merge-probe.ts';

/**
 * A long run of one character next to a word: every shape of run, on either side of
 * the word. Such a run is one long chunk of the tokenizer's pre-tokenization (or many
 * equal short ones); once the engine knew the run's count, a range holding the run and
 * one new word was handed to the tokenizer whole, and its byte-pair merge is quadratic
 * in the chunk's length (100,000 line breaks before a word took seconds, a million
 * minutes). The merge's input is the work measured: it grows with the square of the
 * run, and the engine must hand it short chunks only.
 */

const RUNS: Record<string, string> = {
  'line breaks': '\n',
  'CR LF pairs': '\r\n',
  'carriage returns': '\r',
  spaces: ' ',
  tabs: '\t',
  'no-break spaces': '\u00a0',
  'ideographic spaces': '\u3000',
  'full stops': '.',
  hyphens: '-',
  slashes: '/',
  'a small letter': 'a',
  'a capital': 'A',
  'a CJK character': '中',
  'an emoji': '😀',
  'a digit': '7',
  'a combining mark': '\u0301',
};

const PLACES: Record<string, (run: string, word: string) => string> = {
  'before a word': (run, word) => `${run}${word}`,
  'after a word': (run, word) => `${word}${run}`,
  'between two words': (run, word) => `${word}${run}${word}`,
  'after a sentence': (run, word) => `The ${word} was here.${run}`,
  'before a spaced word': (run, word) => `${run} ${word}`,
};

let words = 0;
/** A word no earlier call saw, so that no count the engine remembers covers it. */
function freshWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let value = ++words + 8_000;
  let word = 'q';
  while (value > 0) {
    word += letters[value % letters.length];
    value = Math.floor(value / letters.length);
  }
  return `${word}y`;
}

function withRun(run: string, place: string, length: number): string {
  return PLACES[place]!(run.repeat(Math.max(1, Math.floor(length / run.length))), freshWord());
}

/** gpt-tokenizer's own count, by its (quadratic) merge: the reference on short runs. */
const reference = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as {
  countTokens(text: string, options: { disallowedSpecial: Set<string> }): number;
};

describe('long runs of one character', { timeout: 300_000 }, () => {
  it('are counted as the tokenizer counts them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(RUNS)),
        fc.constantFrom(...Object.keys(PLACES)),
        fc.integer({ min: LONG_CHUNK, max: 2_000 }),
        (shape, place, length) => {
          const context = withRun(RUNS[shape]!, place, length);
          expect(countTokens(context)).toBe(
            reference.countTokens(context, { disallowedSpecial: new Set() }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  let probe: MergeProbe | undefined;
  afterEach(() => probe?.stop());

  it('never hands a long chunk to the tokenizer, and counts exactly', () => {
    probe = watchMerges();
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(RUNS)),
        fc.constantFrom(...Object.keys(PLACES)),
        fc.integer({ min: LONG_CHUNK, max: 6_000 }),
        fc.constantFrom('low', 'standard', 'ultra'),
        (shape, place, length, level) => {
          const context = withRun(RUNS[shape]!, place, length);
          // The run alone first, then the run with its new word: the order that met the
          // quadratic merge.
          compressContext({ context: context.replace(/q[b-z]+y/g, '') });
          const result = compressContext({ context, query: 'what was here', level });
          expect(result.inputTokens).toBe(countTokens(context));
          expect(result.compressedTokens).toBe(countTokens(result.compressed));
        },
      ),
      { numRuns: 300 },
    );
    // A chunk shorter than LONG_CHUNK code units is at most 4 bytes a code unit.
    expect(probe.longest()).toBeLessThan(4 * LONG_CHUNK);
  });

  for (const [shape, run] of Object.entries(RUNS)) {
    for (const place of Object.keys(PLACES)) {
      it(`merges only short chunks with 20,000 of ${shape} ${place}`, () => {
        const context = withRun(run, place, 20_000);
        // The run alone first: the engine then knows the count of its long chunk, which
        // is what sent the run and a new word to the tokenizer's merge whole.
        compressContext({ context: context.replace(/q[b-z]+y/g, '') });
        probe = watchMerges();
        const result = compressContext({ context, query: 'what was here' });
        expect(result.compressedTokens).toBe(countTokens(result.compressed));
        expect(probe.longest()).toBeLessThan(4 * LONG_CHUNK);
      });
    }
  }
});
