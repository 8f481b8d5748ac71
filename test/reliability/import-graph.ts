// The repository's import graph, read from the source text alone (nothing is run), and its
// circles. Every import counts, `import type` included: a circle of types still ties the
// files together, and the next value import along it makes a module that runs half-loaded.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Every module specifier a file names: static, type-only, re-export, side-effect, `import()`. */
export function importedSpecifiers(source: string): string[] {
  // TypeScript's own pre-processor: it skips comments and strings, so an `@example`
  // with an import statement in a doc comment is no import.
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles.map((file) => file.fileName);
}

/** Resolves a specifier to a file of the graph, or undefined when it leaves the graph. */
export type Resolve = (specifier: string, from: string) => string | undefined;

/** File → the files of the graph it imports. */
export type ImportGraph = Map<string, string[]>;

export function importGraph(
  sources: ReadonlyMap<string, string>,
  resolveImport: Resolve,
): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, source] of sources) {
    const targets = new Set<string>();
    for (const specifier of importedSpecifiers(source)) {
      const target = resolveImport(specifier, file);
      if (target !== undefined && sources.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The circles: each group of files that reach one another through imports (a strongly
 * connected component of two files or more, or a file that imports itself), files sorted.
 */
export function importCircles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack.
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (order.has(root)) continue;
    const frames: { file: string; next: number }[] = [{ file: root, next: 0 }];
    order.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const targets = graph.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!order.has(target)) {
          order.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          frames.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, order.get(target)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) !== order.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1 || targets.includes(frame.file)) circles.push(component.sort());
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The TypeScript files under `folder`, tests, `node_modules` and builds left out. */
export function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') files.push(...sourceFiles(path));
    } else if (/\.m?tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

/**
 * Resolves as the workspace does: relative paths to the file named (or its `.ts`, or its
 * folder's `index.ts`), and `@ctxopt/<name>[/<entry>]` to the source file that the
 * package's `exports` give under the `@ctxopt/source` condition.
 */
export function workspaceResolver(repository: string): Resolve {
  const packageFolders = new Map<string, string>();
  const packagesFolder = join(repository, 'packages');
  for (const name of readdirSync(packagesFolder)) {
    const manifest = join(packagesFolder, name, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: packageName } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
    packageFolders.set(packageName, join(packagesFolder, name));
  }
  return (specifier, from) => {
    if (specifier.startsWith('.')) return fileAt(resolve(dirname(from), specifier));
    const match = /^(@ctxopt\/[^/]+)(\/.*)?$/.exec(specifier);
    const folder = match && packageFolders.get(match[1]!);
    if (!folder) return undefined;
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      exports?: Record<string, unknown>;
    };
    const entry = manifest.exports?.[`.${match![2] ?? ''}`];
    const source =
      typeof entry === 'object' && entry !== null
        ? (entry as Record<string, unknown>)['@ctxopt/source']
        : undefined;
    return typeof source === 'string' ? fileAt(join(folder, source)) : undefined;
  };
}

function fileAt(path: string): string | undefined {
  const candidates = [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, join(path, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** A path relative to the repository, with forward slashes, for messages. */
export function repositoryPath(repository: string, path: string): string {
  return relative(repository, path).split(sep).join('/');
}
