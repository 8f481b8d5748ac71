/**
 * Counts the engine's constants, for the "Tuned values" note of bench/README.md:
 * `node bench/engine-constants.ts [commit] [--list]`. Without a commit it reads the
 * work tree; with one, the engine as that commit has it (`git show`).
 *
 * Counted in the non-test sources of packages/local/src/engine (not `*.test.ts`, not
 * `testing/`), outside comments, strings and regular expressions (TypeScript's scanner):
 * - numbers: decimal numeric literals other than 0, 1 and 2 (indexes, halves and pairs
 *   are structure, not tuning); left out as structure too: hexadecimal literals and
 *   character codes (a number beside `code` or `charCodeAt`), powers of two from 16 on and
 *   255 (table sizes and masks);
 * - words in lists: string literals of letters alone inside array literals, and the
 *   alternatives of letters alone in a regular expression (`(?:he|she|it)`).
 * A crude count, the same way at every commit: it counts some structure (a character
 * code such as 97) and misses a tuned value spelt 1 or 2.
 *
 * Then the numbers by kind (tuned, fact, structure) at the commits that
 * bench/engine-constants-kinds.json classes, by the rule written in that file: each listed
 * number there with its line. It fails, naming them, when the numbers it lists no longer
 * match the sources (a number added, removed or its line changed): classify them there.
 * `--work-tree` checks the work tree's classes alone (no `git show`).
 * `--list` also prints the tuned numbers of the work tree without their set and figure (or
 * test) beside them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

const FOLDER = 'packages/local/src/engine';
const KINDS = 'bench/engine-constants-kinds.json';
const WORK_TREE = 'work tree';
const commit = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
const list = process.argv.includes('--list');
// Checks the work tree's classes alone, with no git history (the test of the kinds file).
const workTreeOnly = process.argv.includes('--work-tree');

interface Classed {
  number: string;
  kind: 'tuned' | 'fact' | 'structure';
  line: string;
  why: string;
  figure?: 'beside' | 'missing';
}

interface Listed {
  path: string;
  line: number;
  number: string;
  text: string;
}

function sources(commit: string | undefined): { path: string; text: string }[] {
  const keep = (name: string) => name.endsWith('.ts') && !name.endsWith('.test.ts');
  if (!commit) {
    return readdirSync(FOLDER)
      .filter(keep)
      .map((name) => ({
        path: `${FOLDER}/${name}`,
        text: readFileSync(`${FOLDER}/${name}`, 'utf8'),
      }));
  }
  const names = execFileSync('git', ['ls-tree', '--name-only', `${commit}:${FOLDER}`], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(keep);
  return names.map((name) => ({
    path: `${FOLDER}/${name}`,
    text: execFileSync('git', ['show', `${commit}:${FOLDER}/${name}`], { encoding: 'utf8' }),
  }));
}

/** Whether a number is structure: 0, 1, 2, a table size or mask, a character code. */
function structural(node: ts.NumericLiteral, file: ts.SourceFile): boolean {
  const value = Number(node.text);
  if (
    value === 0 ||
    value === 1 ||
    value === 2 ||
    value === 255 ||
    (value >= 16 && Number.isInteger(Math.log2(value)))
  ) {
    return true;
  }
  const parent = node.parent;
  return (
    (ts.isBinaryExpression(parent) || ts.isCaseClause(parent)) &&
    /code|charCodeAt/i.test(parent.getText(file))
  );
}

const ALTERNATIVES = /(?<=[(|:])\p{L}+(?=[|)])/gu;

/** The numbers counted in `commit`'s engine (the work tree without one), and its words in lists. */
function collect(commit: string | undefined): { numbers: Listed[]; words: number } {
  const numbers: Listed[] = [];
  let words = 0;
  for (const { path, text } of sources(commit)) {
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const lines = text.split('\n');
    const visit = (node: ts.Node) => {
      if (ts.isNumericLiteral(node)) {
        const written = node.getText(file);
        if (!/^0[xXbBoO]/.test(written) && !structural(node, file)) {
          const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
          numbers.push({ path, line: line + 1, number: written, text: lines[line]!.trim() });
        }
      } else if (ts.isStringLiteral(node) && ts.isArrayLiteralExpression(node.parent)) {
        if (/^\p{L}+$/u.test(node.text)) words++;
      } else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        words += (node.getText(file).match(ALTERNATIVES) ?? []).length;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { numbers, words };
}

const counted = collect(commit);
if (list) {
  const byPath = new Map<string, string[]>();
  for (const { path, line, number } of counted.numbers) {
    byPath.set(path, [...(byPath.get(path) ?? []), `${line}:${number}`]);
  }
  for (const [path, found] of byPath) console.log(`${path}: ${found.join(' ')}`);
}
console.log(
  `${commit ?? WORK_TREE}: ${counted.numbers.length} numbers, ${counted.words} words in lists`,
);

/** Each number `listed` holds and `classed` does not, and the reverse, as `file: number | line`. */
function mismatches(listed: Listed[], classed: Record<string, Classed[]>): string[] {
  const key = (file: string, number: string, line: string) => `${file}: ${number} | ${line}`;
  const left = new Map<string, number>();
  for (const { path, number, text } of listed) {
    const name = path.slice(FOLDER.length + 1);
    const at = key(name, number, text);
    left.set(at, (left.get(at) ?? 0) + 1);
  }
  const problems: string[] = [];
  for (const [file, entries] of Object.entries(classed)) {
    for (const { number, line } of entries) {
      const at = key(file, number, line);
      const count = left.get(at) ?? 0;
      if (count === 0) problems.push(`classed but not in the source: ${at}`);
      else left.set(at, count - 1);
    }
  }
  for (const [at, count] of left) {
    for (let time = 0; time < count; time++) problems.push(`in the source, not classed: ${at}`);
  }
  return problems;
}

const kinds = JSON.parse(readFileSync(KINDS, 'utf8')) as {
  commits: Record<string, Record<string, Classed[]>>;
};
const problems: string[] = [];
for (const [at, classed] of Object.entries(kinds.commits)) {
  if (workTreeOnly && at !== WORK_TREE) continue;
  const atCommit = at === WORK_TREE ? undefined : at;
  const listed = atCommit === commit ? counted.numbers : collect(atCommit).numbers;
  for (const problem of mismatches(listed, classed)) problems.push(`${at}: ${problem}`);
  const entries = Object.values(classed).flat();
  const count = (kind: Classed['kind']) => entries.filter((entry) => entry.kind === kind).length;
  const missing = entries.filter((entry) => entry.figure === 'missing').length;
  console.log(
    `${at} by kind (${KINDS}): ${count('tuned')} tuned, ${count('fact')} facts, ` +
      `${count('structure')} structure` +
      (at === WORK_TREE ? `; ${missing} tuned without their figure or test beside them` : ''),
  );
  if (list && at === WORK_TREE) {
    for (const [file, entries] of Object.entries(classed)) {
      for (const entry of entries.filter(({ figure }) => figure === 'missing')) {
        console.log(`  no figure beside it: ${file}: ${entry.number} (${entry.why})`);
      }
    }
  }
}
if (problems.length > 0) {
  console.error(`${KINDS} no longer matches the engine's sources:\n${problems.join('\n')}`);
  process.exit(1);
}
