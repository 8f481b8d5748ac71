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
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

const FOLDER = 'packages/local/src/engine';
const commit = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
const list = process.argv.includes('--list');

function sources(): { path: string; text: string }[] {
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

let numbers = 0;
let words = 0;
for (const { path, text } of sources()) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isNumericLiteral(node)) {
      const written = node.getText(file);
      if (!/^0[xXbBoO]/.test(written) && !structural(node, file)) {
        numbers++;
        found.push(
          `${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}:${written}`,
        );
      }
    } else if (ts.isStringLiteral(node) && ts.isArrayLiteralExpression(node.parent)) {
      if (/^\p{L}+$/u.test(node.text)) words++;
    } else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      words += (node.getText(file).match(ALTERNATIVES) ?? []).length;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (list && found.length > 0) console.log(`${path}: ${found.join(' ')}`);
}
console.log(`${commit ?? 'work tree'}: ${numbers} numbers, ${words} words in lists`);
