// No import circles, not even for a type: in a circle no file can be read (or moved) without
// the others, and the next value import along it makes a module that runs half-loaded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  importCircles,
  importedSpecifiers,
  importGraph,
  type Resolve,
  repositoryPath,
  sourceFiles,
  workspaceResolver,
} from './import-graph.ts';

const repository = fileURLToPath(new URL('../../', import.meta.url));

/** The source the repository builds and runs: the packages, examples, bench, scripts, test support. */
const folders = ['packages', 'examples', 'bench', 'scripts', join('test', 'support')];

/** Files in memory, named by path, importing one another by `./name.ts`. */
function fixture(files: Record<string, string>): string[][] {
  const sources = new Map(Object.entries(files));
  const byName: Resolve = (specifier) => specifier.replace(/^\.\//, '');
  return importCircles(importGraph(sources, byName));
}

describe('import circles', () => {
  it('reads every kind of import, and none in comments or strings', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { type B, c } from './b.ts';",
      'import {',
      '  d,',
      "} from './d.ts';",
      "export type { E } from './e.ts';",
      "export * from './f.ts';",
      "import './g.ts';",
      "const h = await import('./h.ts');",
      "/** @example import { x } from './not-me.ts'; */",
      "// import { y } from './nor-me.ts';",
      'const text = "import { z } from \'./not-this.ts\'";',
    ].join('\n');
    expect(importedSpecifiers(source).sort()).toEqual(
      ['./a.ts', './b.ts', './d.ts', './e.ts', './f.ts', './g.ts', './h.ts'].sort(),
    );
  });

  it('finds a circle of types alone, and a longer one, and nothing in a chain', () => {
    expect(
      fixture({
        'settings.ts': "import type { Options } from './options.ts';\nexport type Settings = {};",
        'options.ts': "import type { Settings } from './settings.ts';\nexport type Options = {};",
      }),
    ).toEqual([['options.ts', 'settings.ts']]);
    expect(
      fixture({
        'a.ts': "import { b } from './b.ts';",
        'b.ts': "export { c } from './c.ts';",
        'c.ts': "import type { A } from './a.ts';",
        'd.ts': "import { a } from './a.ts';",
      }),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(fixture({ 'self.ts': "import type { Self } from './self.ts';" })).toEqual([['self.ts']]);
    expect(
      fixture({
        'a.ts': "import { b } from './b.ts';\nimport { c } from './c.ts';",
        'b.ts': "import { c } from './c.ts';",
        'c.ts': "import { z } from 'zod';",
      }),
    ).toEqual([]);
  });

  it('follows a package name to the source file its exports give', () => {
    const resolveImport = workspaceResolver(repository);
    const from = join(repository, 'packages', 'local', 'src', 'index.ts');
    expect(repositoryPath(repository, resolveImport('@ctxopt/core', from)!)).toBe(
      'packages/core/src/index.ts',
    );
    expect(repositoryPath(repository, resolveImport('@ctxopt/core/redis', from)!)).toBe(
      'packages/core/src/redis.ts',
    );
    expect(repositoryPath(repository, resolveImport('./engine/segment.ts', from)!)).toBe(
      'packages/local/src/engine/segment.ts',
    );
    expect(resolveImport('@ai-sdk/provider', from)).toBeUndefined();
  });

  it('the repository has none', () => {
    const files = folders.flatMap((folder) => sourceFiles(join(repository, folder)));
    const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
    const graph = importGraph(sources, workspaceResolver(repository));
    // A walk that found no imports would find no circles either.
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    expect(files.length).toBeGreaterThan(300);
    expect(edges).toBeGreaterThan(files.length);
    const circles = importCircles(graph).map((circle) =>
      circle.map((file) => repositoryPath(repository, file)),
    );
    expect(circles).toEqual([]);
  });
});
