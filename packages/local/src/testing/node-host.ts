import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Runs a script in a fresh Node process started as `node -e`, the way a host runs an
 * inline script, with `@ctxopt/local` resolved to the package this test layer tests: the
 * sources, or the ES or CommonJS build. `body` defines `async function main()` and may use
 * `startEmulator`, `LocalContextOptimizer` and `compressContext`; the last line `main()`
 * prints is returned, read as JSON.
 */
const run = promisify(execFile);
const packageFolder = fileURLToPath(new URL('../..', import.meta.url));
const target = process.env.CTXOPT_TEST_TARGET ?? 'source';
const NAMES = '{ startEmulator, LocalContextOptimizer, compressContext }';

export function nodeHostArguments(body: string): string[] {
  if (target === 'dist-cjs') {
    return [
      '--input-type=commonjs',
      '-e',
      `const ${NAMES} = require('@ctxopt/local');${body}main();`,
    ];
  }
  const script = `import ${NAMES} from '@ctxopt/local';${body}await main();`;
  const conditions = target === 'source' ? ['--conditions=@ctxopt/source'] : [];
  return [...conditions, '--input-type=module', '-e', script];
}

export async function runNodeHost<T>(body: string, options: string[] = []): Promise<T> {
  const { stdout } = await run(process.execPath, [...options, ...nodeHostArguments(body)], {
    cwd: packageFolder,
    timeout: 90_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}
