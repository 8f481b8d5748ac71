// The rule of the dist test layer (see vitest.workspace.ts): it runs the suites whose file
// name ends `.dist.test.ts`, against the ESM and CommonJS builds. This holds the rule to
// what the build can change, so that a new entry point, or a new suite, cannot slip past it.
import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repository = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repository), 'utf8');

const distSuites = globSync('{packages,examples,bench,test}/**/*.dist.test.ts', {
  cwd: repository,
  exclude: (path) => path === 'node_modules' || path === 'dist',
});

/** The `@ctxopt/*` specifiers a file imports, statically or with `import()`. */
function importedByName(source: string): Set<string> {
  const specifiers = new Set<string>();
  for (const [, specifier] of source.matchAll(
    /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(@ctxopt\/[^']+)'/g,
  )) {
    specifiers.add(specifier!);
  }
  return specifiers;
}

/** Every entry point the packages publish: `@ctxopt/core`, `@ctxopt/core/redis`, ... */
function entryPoints(): string[] {
  const entries: string[] = [];
  for (const manifestPath of globSync('packages/*/package.json', { cwd: repository })) {
    const manifest = JSON.parse(read(manifestPath)) as {
      name: string;
      exports?: Record<string, unknown>;
    };
    for (const subpath of Object.keys(manifest.exports ?? { '.': null })) {
      if (subpath === './package.json') continue;
      entries.push(subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`);
    }
  }
  return entries.sort();
}

describe('the dist layer', () => {
  it('has suites', () => {
    expect(distSuites.length).toBeGreaterThan(0);
  });

  it('loads every published entry point through the build, by name, in some .dist.test.ts suite', () => {
    const covered = new Set(distSuites.flatMap((path) => [...importedByName(read(path))]));
    const missing = entryPoints().filter((entry) => !covered.has(entry));
    // A new entry point needs a `.dist.test.ts` suite that imports it by name.
    expect(missing).toEqual([]);
  });

  it('runs only suites that reach a package by name (any other would test the source twice)', () => {
    const bySourceOnly = distSuites.filter((path) => importedByName(read(path)).size === 0);
    expect(bySourceOnly).toEqual([]);
  });
});
