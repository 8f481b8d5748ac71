import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The classes of the engine's numbers (bench/engine-constants-kinds.json) stay true to the
 * sources: a number added, removed or moved to another line without its class fails here,
 * and so does a tuned number without its set and figure (or test) beside it.
 */
describe('the engine constants classed by kind', () => {
  it('matches every number of the engine sources, each tuned one with its reason beside it', () => {
    const run = spawnSync(process.execPath, ['bench/engine-constants.ts', '--work-tree'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /work tree by kind .*: \d+ tuned, \d+ facts, \d+ structure; 0 tuned without/,
    );
  });
});
