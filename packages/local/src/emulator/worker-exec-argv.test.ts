import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './worker-exec-argv.ts';

describe('workerExecArgv', () => {
  it('keeps only module resolution options when the rest would make a worker refuse to start', () => {
    // `node --expose-gc` hosts crashed on the first pooled request: a worker thread refuses V8 options.
    expect(
      workerExecArgv(['--expose-gc', '--conditions', '@ctxopt/source', '--max-old-space-size=512']),
    ).toEqual(['--conditions', '@ctxopt/source']);
  });

  it('keeps what a worker accepts as it is', () => {
    expect(workerExecArgv(['--no-warnings', '--conditions=@ctxopt/source'])).toEqual([
      '--no-warnings',
      '--conditions=@ctxopt/source',
    ]);
  });
});
