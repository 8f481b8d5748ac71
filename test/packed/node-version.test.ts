// On a Node.js older than 22 (the `engines` of every package), each installed package fails
// at import with one clear error naming the version it needs, instead of undici's
// `Cannot read properties of undefined (reading 'bind')`. Runs the machine's own older Node
// (Debian's Node 20 on CI machines), found on PATH outside the workspace.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);

function olderNode(): { path: string; version: string } | undefined {
  const candidates = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => folder && !folder.includes('node_modules'))
    .concat(['/usr/bin', '/usr/local/bin', '/bin'])
    .map((folder) => join(folder, 'node'))
    .filter((path, index, all) => all.indexOf(path) === index && existsSync(path));
  for (const path of candidates) {
    const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim().slice(1);
    if (Number(version.split('.')[0]) < 22) return { path, version };
  }
  return undefined;
}

const older = olderNode();
if (!older) {
  const message = 'No Node.js older than 22 on this machine: the old-Node check cannot run.';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`SKIPPED: ${message}`);
}

async function failureOf(args: string[]) {
  const outcome = await run(older!.path, args, { cwd: inject('consumerDirectory') }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  return outcome;
}

const entries = [
  '@ctxopt/core',
  '@ctxopt/core/redis',
  '@ctxopt/local',
  '@ctxopt/langchain',
  '@ctxopt/ai-sdk',
];

describe.skipIf(!older)(`the packed packages on Node ${older?.version}`, () => {
  for (const entry of entries) {
    for (const [style, script] of [
      ['import', `await import('${entry}')`],
      ['require', `require('${entry}')`],
    ]) {
      it(`${entry} (${style}) fails with one clear error naming Node 22`, async () => {
        const type = style === 'import' ? '--input-type=module' : '--input-type=commonjs';
        const { code, stderr } = await failureOf([type, '-e', script!]);
        expect(code).not.toBe(0);
        expect(stderr).toContain(
          `The ctxopt packages need Node.js 22 or later; this is Node.js ${older!.version}.`,
        );
        expect(stderr).not.toContain("reading 'bind'");
      });
    }
  }

  it('the ctxopt-emulator command fails the same way', async () => {
    const { code, stderr } = await failureOf(['node_modules/.bin/ctxopt-emulator', '--port', '0']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('need Node.js 22 or later');
  });
});
