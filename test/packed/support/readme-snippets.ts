// Finds the TypeScript snippets of the repository's READMEs. A snippet is a ```ts fence;
// an HTML comment on the line just above it says when it is to be treated differently:
//
//   <!-- snippet: types only, <why> -->       type-checked, not run (a real provider, a key, Redis)
//   <!-- snippet: continues the one above --> run and checked after the snippet above it
//   <!-- snippet: not code, <why> -->         a shape or an excerpt, neither run nor checked
//   <!-- snippet: excluded, <why> -->         code with a known defect, left out until it is fixed
//
// Every other snippet is run against the emulator and type-checked.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type SnippetMode = 'run' | 'types' | 'skip';

export interface Snippet {
  /** The README, relative to the repository root. */
  readme: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  mode: SnippetMode;
  /** This snippet's code, after the code of the snippets it continues. */
  code: string;
  /** The marker's text, for the test's name. */
  marker?: string;
}

const markerPattern = /^<!--\s*snippet:\s*(.+?)\s*-->$/;

export function readmeFiles(root: string): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name === 'README.md') found.push(relative(root, path));
    }
  };
  visit(root);
  return found.sort();
}

export function snippetsOf(root: string, readme: string): Snippet[] {
  const lines = readFileSync(join(root, readme), 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[index]!)) continue;
    const end = lines.findIndex((line, at) => at > index && line.startsWith('```'));
    if (end === -1) throw new Error(`${readme}:${index + 1}: a fence that never closes`);
    let code = lines.slice(index + 1, end).join('\n');
    const marker = markerPattern.exec(lines[index - 1]?.trim() ?? '')?.[1];
    let mode: SnippetMode = 'run';
    if (marker?.startsWith('types only')) mode = 'types';
    else if (marker?.startsWith('not code') || marker?.startsWith('excluded')) mode = 'skip';
    else if (marker?.startsWith('continues')) {
      const previous = snippets.at(-1);
      if (!previous) throw new Error(`${readme}:${index + 1}: continues, but nothing is above it`);
      code = `${previous.code}\n${code}`;
      mode = previous.mode;
    } else if (marker !== undefined) {
      throw new Error(`${readme}:${index}: unknown snippet marker "${marker}"`);
    }
    snippets.push({ readme, line: index + 1, mode, code, ...(marker ? { marker } : {}) });
    index = end;
  }
  return snippets;
}
