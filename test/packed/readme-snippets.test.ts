// Every TypeScript snippet of the root README and the packages' READMEs, run against the
// emulator in the project where the packed tarballs are installed, and type-checked there
// with `tsc`: a README cannot drift from the code users install. The names a snippet uses
// without declaring (`vectorStore`, `history`, ...) come from consumer/snippet-context,
// one module per README. See support/readme-snippets.ts for the markers.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Emulator, startEmulator } from '@ctxopt/local';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Snippet, snippetsOf } from './support/readme-snippets.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

// The READMEs whose snippets use only the published packages, and the module that
// provides each one's free names.
const contexts: Record<string, string> = {
  'README.md': 'root',
  'packages/core/README.md': 'core',
  'packages/local/README.md': 'local',
  'packages/langchain/README.md': 'langchain',
  'packages/ai-sdk/README.md': 'ai-sdk',
};

const snippets = Object.keys(contexts).flatMap((readme) => snippetsOf(root, readme));

function fileName(snippet: Snippet): string {
  return `${snippet.readme.replace(/\/?README\.md$/, '').replace(/\//g, '-') || 'root'}-${snippet.line}.mts`;
}

/** The snippet, preceded by an import of the free names it uses from its README's context. */
function program(snippet: Snippet, directory: string): string {
  const context = contexts[snippet.readme]!;
  const contextSource = readFileSync(join(directory, 'snippet-context', `${context}.mts`), 'utf8');
  const provided = [...contextSource.matchAll(/^export (?:const|let|function) (\w+)/gm)].map(
    (match) => match[1]!,
  );
  const declares = (name: string) =>
    new RegExp(
      `\\b(?:const|let|var|function|class)\\s+(?:${name}\\b|\\{[^}]*\\b${name}\\b[^}]*\\})|\\bimport\\b[^;]*\\b${name}\\b[^;]*\\bfrom\\b`,
    ).test(snippet.code);
  const used = provided.filter(
    (name) => new RegExp(`(?<![.\\w])${name}\\b`).test(snippet.code) && !declares(name),
  );
  const header = used.length
    ? `import { ${used.join(', ')} } from '../snippet-context/${context}.mts';\n`
    : '';
  // The process ends with the snippet, even when it leaves a server of the context open.
  return `${header}${snippet.code}\nprocess.exit(0);\n`;
}

describe('README snippets, against the packed packages', () => {
  let emulator: Emulator;
  let directory: string;
  beforeAll(async () => {
    directory = inject('consumerDirectory');
    emulator = await startEmulator();
    mkdirSync(join(directory, 'snippets'), { recursive: true });
    for (const snippet of snippets) {
      if (snippet.mode === 'skip') continue;
      writeFileSync(join(directory, 'snippets', fileName(snippet)), program(snippet, directory));
    }
  });
  afterAll(() => emulator?.close());

  it('finds the snippets of every README', () => {
    expect(snippets.filter((snippet) => snippet.mode === 'run').length).toBeGreaterThan(8);
  });

  it('type-checks every snippet with tsc (nodenext)', async () => {
    const outcome = await run(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.snippets.json'],
      { cwd: directory },
    ).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(outcome).toBe('');
  });

  for (const snippet of snippets.filter((each) => each.mode === 'run')) {
    it(`runs ${snippet.readme}:${snippet.line}`, async () => {
      const outcome = await run(process.execPath, [join('snippets', fileName(snippet))], {
        cwd: directory,
        timeout: 60_000,
        env: {
          ...process.env,
          CTXOPT_API_KEY: emulator.apiKey,
          CTXOPT_BASE_URL: emulator.url,
          NODE_NO_WARNINGS: '1',
        },
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
      expect(outcome).toEqual({ code: 0, stderr: '' });
    });
  }
});
