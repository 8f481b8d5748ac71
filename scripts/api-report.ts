// The API report of each published package: every name its entry points export, sorted,
// with its kind and its declaration as the built `.d.ts` states it (comments removed, so a
// reworded comment changes nothing). The reports are committed beside each package
// (`packages/<name>/etc/api-report.md`); `--check` fails when the built surface no longer
// matches its report, so every change to what users may import shows in review.
//
//   node scripts/api-report.ts --write            all packages (after `pnpm build`)
//   node scripts/api-report.ts --check            the same, comparing instead of writing
//   (in a package folder, only that package)
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { newestSource } from './require-build.ts';

const repository = fileURLToPath(new URL('../', import.meta.url));
const packagesFolder = join(repository, 'packages');

export const REPORT_PATH = join('etc', 'api-report.md');

interface PackageManifest {
  name: string;
  exports?: Record<string, string | { import?: { types?: string } }>;
}

/** One exported name of one entry point. */
export interface ExportEntry {
  name: string;
  kind: string;
  /** A value users can use at run time (class, function, const), not only a type. */
  isValue: boolean;
  /** The declaration text, or where it is re-exported from. */
  declaration: string;
}

export interface EntryReport {
  /** The package subpath: `@ctxopt/core`, `@ctxopt/core/redis`. */
  specifier: string;
  exports: ExportEntry[];
}

export interface PackageSurface {
  entries: EntryReport[];
  /**
   * Declarations of this package that exported ones refer to without exporting them (an
   * options type behind a constructor, say): not importable, but a change to them changes
   * what users write, so the report shows them too.
   */
  referenced: ExportEntry[];
}

/** The ESM type declarations of each entry point of a package, by subpath. */
function entryPoints(packageFolder: string): { specifier: string; file: string }[] {
  const manifest = JSON.parse(
    readFileSync(join(packageFolder, 'package.json'), 'utf8'),
  ) as PackageManifest;
  const entries: { specifier: string; file: string }[] = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === 'string') continue; // ./package.json
    const types = target.import?.types;
    if (!types) continue;
    const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    entries.push({ specifier, file: resolve(packageFolder, types) });
  }
  return entries.sort((a, b) => a.specifier.localeCompare(b.specifier));
}

function kindOf(flags: ts.SymbolFlags): string {
  if (flags & ts.SymbolFlags.Class) return 'class';
  if (flags & ts.SymbolFlags.Function) return 'function';
  if (flags & ts.SymbolFlags.Enum) return 'enum';
  if (flags & ts.SymbolFlags.Variable) return 'const';
  if (flags & ts.SymbolFlags.Interface) return 'interface';
  if (flags & ts.SymbolFlags.TypeAlias) return 'type';
  if (flags & ts.SymbolFlags.Module) return 'namespace';
  return 'other';
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function declarationText(declaration: ts.Declaration): string {
  const source = declaration.getSourceFile();
  if (ts.isVariableDeclaration(declaration)) {
    const list = declaration.parent;
    const keyword = list.flags & ts.NodeFlags.Const ? 'const' : 'let';
    return `declare ${keyword} ${printer.printNode(ts.EmitHint.Unspecified, declaration, source)};`;
  }
  return printer.printNode(ts.EmitHint.Unspecified, declaration, source);
}

/**
 * The package a declaration file belongs to: `@ctxopt/core` for a file of packages/core,
 * the package a node_modules path names, else `undefined` (a file given directly).
 */
function packageOfFile(file: string): string | undefined {
  const inWorkspace = relative(packagesFolder, file);
  if (!inWorkspace.startsWith('..')) {
    const folder = inWorkspace.split(sep)[0]!;
    return (
      JSON.parse(readFileSync(join(packagesFolder, folder, 'package.json'), 'utf8')) as {
        name: string;
      }
    ).name;
  }
  const marker = `${sep}node_modules${sep}`;
  if (!file.includes(marker)) return undefined;
  const parts = file.split(marker).at(-1)!.split(sep);
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** The symbols a declaration refers to by name: type references, heritage, `typeof`. */
function referencedSymbols(node: ts.Node, checker: ts.TypeChecker): ts.Symbol[] {
  const found: ts.Symbol[] = [];
  const visit = (child: ts.Node) => {
    let name: ts.Node | undefined;
    if (ts.isTypeReferenceNode(child)) name = child.typeName;
    else if (ts.isExpressionWithTypeArguments(child)) name = child.expression;
    else if (ts.isTypeQueryNode(child)) name = child.exprName;
    if (name) {
      const symbol = checker.getSymbolAtLocation(name);
      if (symbol) found.push(symbol);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

function entryOf(name: string, target: ts.Symbol, ownPackage: string): ExportEntry {
  const declarations = target.declarations ?? [];
  const origin = declarations[0] && packageOfFile(declarations[0].getSourceFile().fileName);
  const declaration =
    origin !== undefined && origin !== ownPackage
      ? `re-exported from ${origin}`
      : declarations.map(declarationText).join('\n');
  return {
    name,
    kind: kindOf(target.flags),
    isValue: (target.flags & ts.SymbolFlags.Value) !== 0,
    declaration,
  };
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** The surface of some declaration files, read with the TypeScript checker. */
export function reportEntries(
  entries: { specifier: string; file: string }[],
  ownPackage: string,
): PackageSurface {
  const program = ts.createProgram(
    entries.map((entry) => entry.file),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  const resolveAlias = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const ownFiles = new Set(entries.map((entry) => dirname(entry.file)));
  const isOwn = (symbol: ts.Symbol) =>
    (symbol.declarations ?? []).some((declaration) =>
      ownFiles.has(dirname(declaration.getSourceFile().fileName)),
    );

  const exportedTargets = new Set<ts.Symbol>();
  const reports = entries.map(({ specifier, file }) => {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} does not exist: run the build first.`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const exported = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    const exports = exported.map((symbol) => {
      const target = resolveAlias(symbol);
      exportedTargets.add(target);
      return entryOf(symbol.name, target, ownPackage);
    });
    return { specifier, exports: exports.sort(byName), targets: exported.map(resolveAlias) };
  });

  // Everything of this package the exports reach by name, followed to the end.
  const referenced = new Map<ts.Symbol, ExportEntry>();
  const queue = reports.flatMap((report) => report.targets).filter(isOwn);
  const seen = new Set<ts.Symbol>(queue);
  while (queue.length > 0) {
    const symbol = queue.shift()!;
    for (const declaration of symbol.declarations ?? []) {
      for (const found of referencedSymbols(declaration, checker)) {
        const target = resolveAlias(found);
        if (seen.has(target) || target.flags & ts.SymbolFlags.TypeParameter || !isOwn(target)) {
          continue;
        }
        seen.add(target);
        queue.push(target);
        if (!exportedTargets.has(target)) {
          referenced.set(target, entryOf(target.name, target, ownPackage));
        }
      }
    }
  }
  return {
    entries: reports.map(({ specifier, exports }) => ({ specifier, exports })),
    referenced: [...referenced.values()].sort(byName),
  };
}

/** The report as Markdown: a count per entry point, then every export. */
export function renderReport(packageName: string, surface: PackageSurface): string {
  const lines = [
    `# API report: ${packageName}`,
    '',
    '<!-- Written by scripts/api-report.ts from the built .d.ts; do not edit by hand. -->',
    '',
    'Every name a user can import from this package, and the declarations of this package',
    'those names refer to. A change here is a change to what the package promises:',
    '`pnpm check:packages` fails until this file is rewritten with',
    '`npx -y pnpm@12.21.0 build && npx -y pnpm@12.21.0 exec node scripts/api-report.ts --write`.',
    '',
    '| entry | values | types only |',
    '| --- | --- | --- |',
  ];
  for (const report of surface.entries) {
    const values = report.exports.filter((entry) => entry.isValue).length;
    lines.push(`| \`${report.specifier}\` | ${values} | ${report.exports.length - values} |`);
  }
  const section = (title: string, exports: ExportEntry[]) => {
    lines.push('', `## ${title}`);
    for (const entry of exports) {
      lines.push(
        '',
        `### \`${entry.name}\` (${entry.kind})`,
        '',
        '```ts',
        entry.declaration,
        '```',
      );
    }
  };
  for (const report of surface.entries) section(`\`${report.specifier}\``, report.exports);
  if (surface.referenced.length > 0) section('Referenced, not exported', surface.referenced);
  return `${lines.join('\n')}\n`;
}

export function packageReport(packageFolder: string): string {
  const { name } = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')) as {
    name: string;
  };
  return renderReport(name, reportEntries(entryPoints(packageFolder), name));
}

/** The names listed in a report, for a short account of what changed. */
function namesIn(report: string): Set<string> {
  const names = new Set<string>();
  let entry = '';
  for (const line of report.split('\n')) {
    const heading = /^## `?([^`]+)`?$/.exec(line);
    if (heading) entry = heading[1]!;
    const name = /^### `(.+)` \(/.exec(line);
    if (name) names.add(`${entry}: ${name[1]}`);
  }
  return names;
}

function describeChange(before: string, after: string): string {
  const old = namesIn(before);
  const now = namesIn(after);
  const added = [...now].filter((name) => !old.has(name));
  const removed = [...old].filter((name) => !now.has(name));
  const parts = [];
  if (added.length > 0) parts.push(`  added: ${added.join(', ')}`);
  if (removed.length > 0) parts.push(`  removed: ${removed.join(', ')}`);
  if (parts.length === 0) parts.push('  a declaration changed');
  return parts.join('\n');
}

function main(argv: string[]): number {
  const write = argv.includes('--write');
  const check = argv.includes('--check');
  if (write === check) {
    console.error('usage: node scripts/api-report.ts --write | --check');
    return 2;
  }
  const here = process.cwd();
  const folders =
    dirname(here) === packagesFolder.replace(/[\\/]$/, '')
      ? [here]
      : readdirSync(packagesFolder)
          .map((name) => join(packagesFolder, name))
          .filter((folder) => existsSync(join(folder, 'package.json')))
          .sort();
  let failed = 0;
  for (const folder of folders) {
    const stale = staleDeclarations(folder);
    if (stale) {
      failed++;
      console.error(`${relative(repository, stale)} is missing or older than its sources.`);
      continue;
    }
    const report = packageReport(folder);
    const path = join(folder, REPORT_PATH);
    const shown = relative(repository, path);
    const committed = existsSync(path) ? readFileSync(path, 'utf8') : '';
    if (write) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, report);
      console.log(`${shown}: ${committed === report ? 'unchanged' : 'written'}`);
    } else if (committed !== report) {
      failed++;
      console.error(
        `${shown} does not match the built package's exports:\n${describeChange(committed, report)}`,
      );
    } else {
      console.log(`${shown}: matches`);
    }
  }
  if (failed > 0) {
    console.error(
      'Build first if a declaration file is stale; if the public surface changed on purpose,\n' +
        'rewrite the reports and commit them:\n' +
        '  npx -y pnpm@12.21.0 build && npx -y pnpm@12.21.0 exec node scripts/api-report.ts --write',
    );
    return 1;
  }
  return 0;
}

/** The first entry's declaration file that is missing or older than the package's sources. */
function staleDeclarations(packageFolder: string): string | undefined {
  const sources = newestSource(join(packageFolder, 'src'));
  for (const { file } of entryPoints(packageFolder)) {
    if (!existsSync(file) || statSync(file).mtimeMs < sources) return file;
  }
  return undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
