import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * A host started as `node --input-type=module -e '...'` (or `node -e` in CommonJS):
 * workers inherit the parent's Node options, and `--input-type` made every worker fail
 * (ERR_INPUT_TYPE_NOT_ALLOWED) on the first large context. The host compresses contexts
 * past the worker threshold in the pool, with its event loop turning, and exits 0.
 * Runs the package this layer tests: the sources, or the ES or CommonJS build.
 */

const run = promisify(execFile);
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
const target = process.env.CTXOPT_TEST_TARGET ?? 'source';

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

function hostArguments(): string[] {
  if (target === 'dist-cjs') {
    const script = `const { LocalContextOptimizer, compressContext } = require('@ctxopt/local');${BODY}main();`;
    return ['--input-type=commonjs', '-e', script];
  }
  const script = `import { LocalContextOptimizer, compressContext } from '@ctxopt/local';${BODY}await main();`;
  const conditions = target === 'source' ? ['--conditions=@ctxopt/source'] : [];
  return [...conditions, '--input-type=module', '-e', script];
}

describe('a host started with node -e', () => {
  it('compresses large contexts in its worker pool and exits normally', async () => {
    const { stdout } = await run(process.execPath, hostArguments(), {
      cwd: packageFolder,
      timeout: 90_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      longest: number;
      duration: number;
      same: boolean;
    };
    expect(report.same).toBe(true);
    // In process, the loop would stand still for the whole of both compressions.
    expect(report.longest).toBeLessThan(report.duration / 4);
  }, 120_000);

  it('compresses in process when no worker can start', async () => {
    const { stdout } = await run(process.execPath, [NO_WORKERS, ...hostArguments()], {
      cwd: packageFolder,
      timeout: 90_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as { same: boolean };
    expect(report.same).toBe(true);
  }, 120_000);
});
