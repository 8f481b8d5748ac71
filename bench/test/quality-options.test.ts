import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../quality.ts', import.meta.url));

function run(...args: string[]) {
  return spawnSync(process.execPath, ['--conditions=@ctxopt/source', script, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
}

// The default split is the held-out one: an option the script does not know must stop it
// before a set is read, not run it on the default.
describe('bench:quality options', () => {
  it('stops on an unknown option, naming it, and reads no set', () => {
    const result = run('--split', 'dev', '--sett', 'json');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--sett');
    expect(result.stdout).not.toContain('answer kept');
    expect(result.stdout).not.toContain('| level');
  });

  it('prints its usage for --help and reads no set', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--split test|dev|all');
    expect(result.stdout).not.toContain('| level');
  });
});
