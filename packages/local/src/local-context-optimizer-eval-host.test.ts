import { describe, expect, it } from 'vitest';
import { runNodeHost } from './testing/node-host.ts';

/**
 * A host started as `node --input-type=module -e '...'` (or `node -e` in CommonJS):
 * workers inherit the parent's Node options, and `--input-type` made every worker fail
 * (ERR_INPUT_TYPE_NOT_ALLOWED) on the first large context. The host compresses contexts
 * past the worker threshold in the pool, with its event loop turning, and exits 0.
 * Runs the package this layer tests: the sources, or the ES or CommonJS build.
 */

const BODY = `
function base64(length, seed) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let state = seed;
  const characters = [];
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    characters.push(alphabet[(state >>> 16) % alphabet.length]);
  }
  return characters.join('');
}
async function main() {
  const optimizer = new LocalContextOptimizer();
  const requests = [
    { context: base64(200_000, 1), query: 'storm damage', level: 'standard' },
    { context: [{ role: 'user', content: base64(100_000, 2) }, { role: 'assistant', content: 'ok' }] },
  ];
  let last = performance.now();
  let longest = 0;
  const interval = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  const answers = await Promise.all(requests.map((request) => optimizer.compress(request)));
  clearInterval(interval);
  const duration = performance.now() - started;
  longest = Math.max(longest, performance.now() - last);
  const same = answers.every((answer, index) => answer.data.compressed === compressContext(requests[index]).compressed);
  console.log(JSON.stringify({ longest, duration, same }));
}
`;

/** A loader every worker thread inherits and that fails in each: no worker can start. */
const NO_WORKERS =
  "--import=data:text/javascript,import { isMainThread } from 'node:worker_threads'; if (!isMainThread) throw new Error('no worker threads here');";

describe('a host started with node -e', () => {
  it('compresses large contexts in its worker pool and exits normally', async () => {
    const report = await runNodeHost<{ longest: number; duration: number; same: boolean }>(BODY);
    expect(report.same).toBe(true);
    // In process, the loop would stand still for the whole of both compressions.
    expect(report.longest).toBeLessThan(report.duration / 4);
  }, 120_000);

  it('compresses in process when no worker can start', async () => {
    const report = await runNodeHost<{ same: boolean }>(BODY, [NO_WORKERS]);
    expect(report.same).toBe(true);
  }, 120_000);
});
