// The TypeScript snippets of the examples' and the bench's READMEs, run inside the
// workspace (they import the examples, which are not published), so a README cannot drift
// from the code. The packages' READMEs are checked against the packed tarballs instead
// (test/packed/readme-snippets.test.ts); the markers are the same (see readme-snippets.ts).
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { snippetsOf } from '../../../test/packed/support/readme-snippets.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const readmes = [
  'examples/ai-sdk-rag/README.md',
  'examples/corpus/README.md',
  'examples/langchain-rag/README.md',
  'examples/web-chat/README.md',
  'bench/README.md',
];
// Type-only snippets are checked from the web example, whose dependencies include a real
// provider package (`@ai-sdk/openai`) and the other examples.
const typesFolder = join(root, 'examples/web-chat');
const tsc = join(root, 'node_modules/.bin/tsc');

async function withFile<T>(path: string, code: string, use: () => Promise<T>): Promise<T> {
  writeFileSync(path, `${code}\n`);
  try {
    return await use();
  } finally {
    rmSync(path, { force: true });
  }
}

// The examples run from source in every layer, so running them once is enough.
const sourceLayer = process.env.CTXOPT_TEST_TARGET === undefined;

describe.runIf(sourceLayer)('the examples and bench READMEs', { timeout: 120_000 }, () => {
  for (const readme of readmes) {
    for (const snippet of snippetsOf(root, readme)) {
      const name = `${readme}:${snippet.line}`;
      if (snippet.mode === 'run') {
        it(`${name} runs`, async () => {
          const file = join(root, dirname(readme), `.readme-snippet-${snippet.line}.ts`);
          await withFile(file, snippet.code, async () => {
            const { stderr } = await run(process.execPath, ['--conditions=@ctxopt/source', file], {
              cwd: dirname(file),
              env: { ...process.env, CTXOPT_API_KEY: '', CTXOPT_BASE_URL: '', OPENAI_API_KEY: '' },
            });
            expect(stderr).not.toMatch(/Error/);
          });
        });
      } else if (snippet.mode === 'types') {
        it(`${name} type-checks`, async () => {
          const file = join(typesFolder, `.readme-snippet-${snippet.line}.ts`);
          await withFile(file, snippet.code, () =>
            run(
              tsc,
              [
                '--ignoreConfig',
                '--noEmit',
                '--strict',
                '--skipLibCheck',
                '--target',
                'es2023',
                '--module',
                'nodenext',
                '--moduleResolution',
                'nodenext',
                '--allowImportingTsExtensions',
                '--customConditions',
                '@ctxopt/source',
                '--types',
                'node',
                file,
              ],
              { cwd: typesFolder },
            ),
          );
        });
      } else {
        it.skip(`${name} (${snippet.marker})`, () => {});
      }
    }
  }
});
