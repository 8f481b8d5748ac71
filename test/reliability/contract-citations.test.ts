import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Code, tests and READMEs cite sections of docs/api-contract.md as `spec 2.3`,
// `spec 7.2, 7.3`, `spec 2.3 and 2.4` or `spec part 1.5`. A citation is only worth
// something if the reader can open the section it names.

const repository = fileURLToPath(new URL('../../', import.meta.url));
const contractPath = 'docs/api-contract.md';

/** Folders and files searched for citations; build output and installs are skipped. */
const searched = ['packages', 'examples', 'bench', 'test', 'docs', '.changeset', 'README.md'];
const skipped = new Set(['node_modules', 'dist', '.git', '.turbo', 'coverage']);
const extensions = /\.(ts|tsx|mts|cts|js|mjs|cjs|md)$/;

const number = String.raw`\d+(?:\.\d+)?`;
const citation = new RegExp(
  String.raw`\bspec(?:\s+parts?)?\s+(${number}(?:(?:\s*,\s*|\s+and\s+|\s*/\s*)${number})*)\b`,
  'gi',
);

/** The section numbers a text cites, in order: `spec 7.2, 7.3` gives `7.2` and `7.3`. */
function citedSections(text: string): string[] {
  const cited: string[] = [];
  for (const match of text.matchAll(citation)) {
    cited.push(...match[1]!.split(/\s*,\s*|\s+and\s+|\s*\/\s*/));
  }
  return cited;
}

/** The numbered headings of the contract: `## 7. Errors` is `7`, `### 7.2 ...` is `7.2`. */
function contractSections(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const [, section] of markdown.matchAll(/^#{2,4}\s+(\d+(?:\.\d+)?)\.?\s/gm)) {
    sections.add(section!);
  }
  return sections;
}

function filesUnder(path: string): string[] {
  const absolute = join(repository, path);
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(absolute);
  } catch {
    return [];
  }
  if (stats.isFile()) return extensions.test(path) ? [path] : [];
  return readdirSync(absolute).flatMap((name) =>
    skipped.has(name) ? [] : filesUnder(join(path, name)),
  );
}

interface Citation {
  file: string;
  line: number;
  section: string;
}

function citationsInRepository(): Citation[] {
  const found: Citation[] = [];
  for (const file of searched.flatMap(filesUnder)) {
    // This file's own examples are not citations.
    if (relative('test/reliability', file) === 'contract-citations.test.ts') continue;
    const lines = readFileSync(join(repository, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      // A citation may wrap onto the next line ("the fixed spec\n2.3 body").
      const joined = `${text} ${lines[index + 1]?.trimStart().split(/\s/)[0] ?? ''}`;
      for (const section of citedSections(joined)) found.push({ file, line: index + 1, section });
    });
  }
  return found;
}

describe('citations of the API contract', () => {
  it('reads every form the code uses, and nothing that only looks like one', () => {
    expect(citedSections('the spec 2.3 body')).toEqual(['2.3']);
    expect(citedSections('retries resend these bytes (spec 5.2, 7.3).')).toEqual(['5.2', '7.3']);
    expect(citedSections('the bodies of spec 2.3 and 2.4')).toEqual(['2.3', '2.4']);
    expect(citedSections('a secret (spec part 1.5)')).toEqual(['1.5']);
    expect(citedSections('Spec 1.5: the key is a secret')).toEqual(['1.5']);
    expect(citedSections('resolve to the parsed body (spec 2.3 / 2.4)')).toEqual(['2.3', '2.4']);
    expect(citedSections('(spec 5: 8 to 120 characters)')).toEqual(['5']);
    expect(citedSections('spec.answer; specificity 2.3; a spec of 3 turns')).toEqual([]);
  });

  it('finds the numbered sections of the contract, and no others', () => {
    const markdown = '## 7. Errors\n\n### 7.2 Reuse\n\ntext 7.9 here\n#### 8.1 Limit\n';
    expect([...contractSections(markdown)]).toEqual(['7', '7.2', '8.1']);
  });

  it(`has a section of ${contractPath} for every citation in the repository`, () => {
    const sections = contractSections(readFileSync(join(repository, contractPath), 'utf8'));
    const citations = citationsInRepository();
    // A search that silently finds nothing would pass below; the code cites the contract
    // in a few dozen places.
    expect(citations.length).toBeGreaterThan(30);
    const unresolved = citations
      .filter((entry) => !sections.has(entry.section))
      .map((entry) => `${entry.file}:${entry.line} cites spec ${entry.section}`);
    expect(unresolved, `sections of ${contractPath}: ${[...sections].join(', ')}`).toEqual([]);
  });
});
