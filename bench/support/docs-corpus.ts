import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function markdownFiles(directory: string, found: string[] = []): string[] {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) markdownFiles(path, found);
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found;
}

/**
 * The distinct Markdown files installed under node_modules/.pnpm, in path order: about
 * 1.3M tokens of varied prose and code of many projects, text no tuning has seen.
 */
export function docsCorpus(): string[] {
  const root = new URL('../../node_modules/.pnpm', import.meta.url).pathname;
  const seen = new Set<string>();
  return markdownFiles(root)
    .sort()
    .map((path) => readFileSync(path, 'utf8'))
    .filter((text) => !seen.has(text) && seen.add(text));
}
