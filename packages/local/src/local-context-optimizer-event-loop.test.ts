import { LocalContextOptimizer } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { longestPause } from '../../../test/support/longest-pause.ts';

/**
 * `LocalContextOptimizer` leaves the caller's event loop free while it compresses a large
 * context: a timer on the same loop keeps firing. The bound is relative to the call's own
 * duration in the same run (an engine run in process blocks for all of it), never an
 * absolute time, so a loaded machine does not fail it.
 */

const MEGABYTE = 1_000_000;

function randomRun(alphabet: string, length: number, seed: number): string {
  let state = seed;
  const characters: string[] = [];
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    characters.push(alphabet[(state >>> 16) % alphabet.length]!);
  }
  return characters.join('');
}

const PROSE =
  'The harbour authority reopened the northern pier after the storm damage was repaired, ' +
  'and the ferry to Kestrel Island resumed its hourly timetable on 14 March 2024.\n';

const inputs: Record<string, () => string> = {
  prose: () => PROSE.repeat(Math.ceil(MEGABYTE / PROSE.length)).slice(0, MEGABYTE),
  'one unbroken run': () => randomRun('abcdefghijklmnopqrstuvwxyz', MEGABYTE, 1),
  base64: () =>
    randomRun('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', MEGABYTE, 2),
  newlines: () => `Storm damage report.${'\n'.repeat(MEGABYTE - 40)}The pier reopened.`,
};

describe('LocalContextOptimizer on a megabyte of context', () => {
  const optimizer = new LocalContextOptimizer();

  for (const [name, make] of Object.entries(inputs)) {
    it(`keeps the event loop turning (${name})`, async () => {
      const context = make();
      const { result, duration, longest } = await longestPause(() =>
        optimizer.compress({ context, query: 'storm damage', level: 'standard' }),
      );
      expect(result.compression.status).toBe('compressed');
      expect(result.usage.request.compressedTokens).toBeGreaterThan(0);
      // In process the loop stood still for the whole call; in a worker only for the copies.
      expect(longest).toBeLessThan(duration / 5);
    }, 120_000);
  }
});
