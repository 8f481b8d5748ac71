// Runs each consumer check of consumer/checks in the project where the packed tarballs were
// installed with npm, once as an ES module app and once as a CommonJS app, with the Node
// that runs the tests (22 or later).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);

async function runCheck(entry: string, check: string) {
  const { stdout } = await run(process.execPath, [entry, check], {
    cwd: inject('consumerDirectory'),
    timeout: 60_000,
  });
  return stdout;
}

const checks = [
  'errors',
  'emulator',
  'local-worker',
  'word-vectors',
  'inspector',
  'cli',
  'langchain',
  'ai-sdk',
];

describe('the packed packages, installed with npm outside the workspace', () => {
  for (const check of checks) {
    it(`${check}, imported as ES modules`, async () => {
      expect(await runCheck('run-esm.mjs', check)).toContain(`${check}: ok (esm)`);
    });
    it(`${check}, required as CommonJS`, async () => {
      expect(await runCheck('run-cjs.cjs', check)).toContain(`${check}: ok (cjs)`);
    });
  }
});
