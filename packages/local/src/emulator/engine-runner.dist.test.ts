import { compressContext, type Emulator, startEmulator } from '@ctxopt/local';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_CONTEXT, send } from './testing/send.ts';

/** About 400 KB of dense text (base64-like runs and prose): the engine's slowest kind of input. */
function largeContext(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let state = 42;
  const parts: string[] = [];
  let length = 0;
  while (length < 400_000) {
    let run = '';
    for (let index = 0; index < 76; index++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      run += alphabet[state >>> 26];
    }
    const part = `${run}\nThe upload ${length} finished at the harbour depot.\n`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
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

describe('the emulator while one large request compresses', () => {
  it('keeps answering other callers', async () => {
    emulator = await startEmulator({ limitTokens: 1_000_000_000 });
    const running = emulator;
    const small = async () => {
      const started = performance.now();
      const answer = await send(running, { body: { context: LONG_CONTEXT, level: 'ultra' } });
      expect(answer.status).toBe(200);
      return performance.now() - started;
    };
    const context = largeContext();
    // Baselines in this run: the small request alone, and the large one's engine time.
    const alone = [];
    for (let round = 0; round < 5; round++) alone.push(await small());
    const engineStarted = performance.now();
    compressContext({ context, level: 'standard' });
    const engineTime = performance.now() - engineStarted;

    let done = false;
    const largeStarted = performance.now();
    const large = send(running, { body: { context, level: 'standard' } }).then((answer) => {
      done = true;
      return answer;
    });
    const during: number[] = [];
    while (!done) during.push(await small());
    const answer = await large;
    const largeTime = performance.now() - largeStarted;

    expect(answer.status).toBe(200);
    expect(answer.json.usage.request.inputTokens).toBeGreaterThan(50_000);
    // Other callers were answered all along, in a small share of the large request's time.
    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(median(during)).toBeLessThan(largeTime / 10);
    expect(median(during)).toBeLessThan(engineTime / 10);
    expect(alone.length).toBe(5);
  }, 120_000);

  it('answers a large request the same as the engine in process', async () => {
    emulator = await startEmulator();
    const context = `${LONG_CONTEXT}\n\n`.repeat(400);
    const query = 'Which river carries the most water?';
    const answer = await send(emulator, { body: { context, query, level: 'ultra' } });
    const local = compressContext({ context, query, level: 'ultra' });
    expect(answer.status).toBe(200);
    expect(answer.json.data.compressed).toBe(local.compressed);
    expect(answer.json.compression.status).toBe(local.status);
    expect(answer.json.usage.request.compressedTokens).toBe(local.compressedTokens);
  }, 30_000);
});
