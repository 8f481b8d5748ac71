import { describe, expect, it } from 'vitest';
import { engineInput, engineInputSize } from './engine-input-size.ts';
import { workerExecArgv } from './worker-exec-argv.ts';

describe('engineInputSize', () => {
  it('counts roles, contents and the query', () => {
    expect(engineInputSize({ context: 'abcd', query: 'xy' })).toBe(6);
    expect(
      engineInputSize({
        context: [
          { role: 'r'.repeat(40_000), content: 'hi' },
          { role: 'user', content: 'ok' },
        ],
      }),
    ).toBe(40_000 + 2 + 4 + 2);
    expect(engineInputSize({ context: 'a', query: 'q'.repeat(50_000) })).toBe(50_001);
  });

  it('hands the worker only the fields the engine reads', () => {
    const generate = { context: 'text', query: 'q', model: 'm'.repeat(1000), provider: 'openai' };
    expect(engineInput(generate)).toEqual({ context: 'text', query: 'q' });
    expect(engineInput({ context: 'text', mode: 'balanced' })).toEqual({
      context: 'text',
      mode: 'balanced',
    });
  });
});

describe('workerExecArgv', () => {
  it("leaves out the options of the parent's own entry and the V8 options a worker refuses", () => {
    expect(
      workerExecArgv([
        '--input-type=module',
        '-e',
        'console.log(1)',
        '--conditions=@ctxopt/source',
        '--eval=1',
        '-p',
        '2',
        '--input-type',
        'commonjs',
        '--max-old-space-size=4096',
        '--print=3',
        '--import=./loader.mjs',
      ]),
    ).toEqual(['--conditions=@ctxopt/source', '--import=./loader.mjs']);
  });
});
