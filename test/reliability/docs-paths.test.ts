// docs/ names the files where each rule lives. A map is only worth reading while it is
// true: every repository path it names must exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repository = fileURLToPath(new URL('../../', import.meta.url));
const docs = readdirSync(`${repository}docs`).filter((name) => name.endsWith('.md'));

/** Paths in backticks that start at a top-level folder of the repository. */
function pathsIn(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, path] of markdown.matchAll(
    /`((?:packages|examples|bench|test|docs|scripts)\/[A-Za-z0-9_./-]+)`/g,
  )) {
    paths.add(path!);
  }
  return [...paths];
}

describe('paths named in docs/', () => {
  it('reads the paths a document names', () => {
    expect(pathsIn('in `packages/core/src/client.ts` and `a.ts`, not packages/x.ts')).toEqual([
      'packages/core/src/client.ts',
    ]);
  });

  for (const doc of docs) {
    it(`docs/${doc} names only files and folders that exist`, () => {
      const text = readFileSync(`${repository}docs/${doc}`, 'utf8');
      const missing = pathsIn(text).filter((path) => !existsSync(`${repository}${path}`));
      expect(missing).toEqual([]);
    });
  }

  it('finds the architecture map and its paths', () => {
    expect(docs).toContain('architecture.md');
    const text = readFileSync(`${repository}docs/architecture.md`, 'utf8');
    expect(pathsIn(text).length).toBeGreaterThan(40);
  });
});
