// Global setup of the `packed` test layer: what a user installs. Every workspace package
// is packed with `pnpm pack` (so `workspace:^` becomes a real range), and the tarballs are
// installed with npm into a project outside the workspace, together with the peer
// dependencies at the versions the workspace tests with. The consumer scripts of
// `consumer/` are copied in; the tests run them with Node from that project.
//
// npm keeps its own cache (~/.npm), apart from pnpm's store: `--prefer-offline` installs
// from that cache without asking the registry when it already holds every package, so a
// second run works offline, and the first run on a fresh machine downloads once.
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const run = promisify(execFile);
const workspace = fileURLToPath(new URL('../../../', import.meta.url));
const consumerFiles = fileURLToPath(new URL('../consumer/', import.meta.url));

export const packageFolders = ['core', 'local', 'langchain', 'ai-sdk'];

// Peer and companion packages a user installs beside ours, pinned to the version the
// workspace resolved (from the folder that depends on it), so that the packed layer tests
// the same framework versions as the source layer.
const companions: Record<string, string> = {
  '@langchain/core': 'packages/langchain',
  langchain: 'packages/langchain',
  '@langchain/classic': 'packages/langchain',
  ai: 'packages/ai-sdk',
  '@ai-sdk/provider': 'packages/ai-sdk',
  '@ai-sdk/openai': 'packages/ai-sdk',
  '@ai-sdk/anthropic': 'packages/ai-sdk',
  zod: 'packages/core',
  typescript: '.',
  '@types/node': '.',
};

function workspaceVersion(name: string, folder: string): string {
  const manifest = join(workspace, folder, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The consumer project: tarballs and peers installed by npm, scripts copied in. */
    consumerDirectory: string;
    /** The packed tarballs, by package folder name. */
    tarballs: Record<string, string>;
  }
}

export default async function installPacked(project: TestProject) {
  const directory = mkdtempSync(join(tmpdir(), 'ctxopt-packed-'));
  const tarballFolder = join(directory, 'tarballs');
  mkdirSync(tarballFolder);
  await Promise.all(
    packageFolders.map((folder) =>
      run('npx', ['-y', 'pnpm@12.21.0', 'pack', '--pack-destination', tarballFolder], {
        cwd: join(workspace, 'packages', folder),
      }),
    ),
  );
  const tarballs: Record<string, string> = {};
  for (const file of readdirSync(tarballFolder)) {
    const folder = packageFolders.find((name) => file.startsWith(`ctxopt-${name}-`));
    if (folder) tarballs[folder] = join(tarballFolder, file);
  }
  if (Object.keys(tarballs).length !== packageFolders.length) {
    throw new Error(`pnpm pack made ${readdirSync(tarballFolder).join(', ')}`);
  }

  const project_ = join(directory, 'app');
  cpSync(consumerFiles, project_, { recursive: true });
  const dependencies: Record<string, string> = {};
  for (const [folder, tarball] of Object.entries(tarballs)) {
    dependencies[`@ctxopt/${folder}`] = `file:${tarball}`;
  }
  for (const [name, folder] of Object.entries(companions)) {
    dependencies[name] = workspaceVersion(name, folder);
  }
  writeFileSync(
    join(project_, 'package.json'),
    `${JSON.stringify({ name: 'ctxopt-consumer', private: true, dependencies }, null, 2)}\n`,
  );
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: project_,
    maxBuffer: 16 * 1024 * 1024,
  });

  project.provide('consumerDirectory', project_);
  project.provide('tarballs', tarballs);
  return () => {
    if (!process.env.CTXOPT_KEEP_PACKED) rmSync(directory, { recursive: true, force: true });
  };
}
