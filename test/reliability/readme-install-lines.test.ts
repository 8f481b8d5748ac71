import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';

const readmes = [
  'README.md',
  'packages/core/README.md',
  'packages/local/README.md',
  'packages/langchain/README.md',
  'packages/ai-sdk/README.md',
];

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The packages the TypeScript snippets import, node built-ins aside. */
function importedPackages(markdown: string): Set<string> {
  const snippets = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const imported = new Set<string>();
  for (const snippet of snippets) {
    for (const [, specifier] of snippet.matchAll(/from '([^']+)'/g)) {
      if (specifier!.startsWith('.') || specifier!.startsWith('node:')) continue;
      if (builtinModules.includes(specifier!)) continue;
      imported.add(packageOf(specifier!));
    }
  }
  return imported;
}

/** The packages the `npm i` lines install. */
function installedPackages(markdown: string): Set<string> {
  const installed = new Set<string>();
  for (const [, list] of markdown.matchAll(/^npm i ([^#\n]+)/gm)) {
    for (const name of list!.trim().split(/\s+/)) installed.add(name);
  }
  return installed;
}

describe('the install lines of the READMEs', () => {
  it.each(readmes)('%s installs every package its snippets import', (path) => {
    const markdown = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    const installed = installedPackages(markdown);
    const missing = [...importedPackages(markdown)].filter((name) => !installed.has(name));
    expect(missing).toEqual([]);
  });
});
