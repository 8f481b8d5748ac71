// Global setup of the `dist` test layer: the built packages must exist and be newer than
// their sources, or the layer would test something other than the code in the tree.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packagesFolder = fileURLToPath(new URL('../packages/', import.meta.url));

/** The newest modification time of a non-test `.ts` file under `folder`. */
export function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function builtTime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

export default function requireBuild(): void {
  const problems: string[] = [];
  for (const name of readdirSync(packagesFolder)) {
    const folder = join(packagesFolder, name);
    const built = ['index.js', 'index.cjs', 'index.d.ts'].map((file) =>
      builtTime(join(folder, 'dist', file)),
    );
    if (built.some((time) => time === undefined)) {
      problems.push(`packages/${name}/dist is missing`);
      continue;
    }
    const oldestBuilt = Math.min(...(built as number[]));
    if (newestSource(join(folder, 'src')) > oldestBuilt) {
      problems.push(`packages/${name}/dist is older than packages/${name}/src`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `The dist test layer runs the built packages: ${problems.join('; ')}. Run \`npx -y pnpm@12.21.0 build\` first (\`pnpm test\` builds by itself).`,
    );
  }
}
