// The list of vitest projects. vitest 5 no longer reads this file by itself:
// vitest.config.ts imports it into `test.projects`.
//
// Four layers, chosen with CTXOPT_TEST_LAYERS (a comma-separated list; `source` when unset,
// `pnpm test` runs all four after a build):
// - `source`: every suite against the TypeScript sources, through the `@ctxopt/source`
//   export condition, so no build is needed while working;
// - `dist`: the suites whose file name ends `.dist.test.ts`, against the built packages as
//   they ship, ESM (project `dist`) and CommonJS (`dist-cjs`). Every `@ctxopt/*`
//   import resolves to `dist/`, and Node itself loads those files, as it would in a user's
//   app. Everything a suite reaches through a package name is the shipped code; what it
//   imports by relative path is still the source;
// - `packed`: test/packed, the tarballs `pnpm pack` makes, installed with npm into a
//   project outside the workspace;
// - `timing`: the suites whose file name ends `.timing.test.ts`, against the sources, one file
//   at a time after every other layer has finished. Each compares times (a first call with the
//   next ones, sampled calls with unsampled ones, a large input with a small one) or event-loop
//   pauses measured in the same run, and a test file busy on the other core moves those
//   figures: the first-call ratio measured 1.45x and 1.80x alone, 2.05x and 2.2x beside
//   another worker (bench/cold-start.ts). Alone, they hold the bounds their goals name.
import { existsSync, globSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineProject, type Plugin } from 'vitest/config';

const layers = new Set(
  (process.env.CTXOPT_TEST_LAYERS ?? 'source')
    .split(',')
    .map((layer) => layer.trim())
    .filter(Boolean),
);
const knownLayers = ['source', 'dist', 'packed', 'timing'];
for (const layer of layers) {
  if (!knownLayers.includes(layer)) {
    throw new Error(
      `CTXOPT_TEST_LAYERS: unknown layer "${layer}" (known: ${knownLayers.join(', ')})`,
    );
  }
}

const sourceConditions = ['@ctxopt/source'];
const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const defaultInclude = ['src/**/*.test.ts', 'test/**/*.test.ts'];

// Which suites the dist layer runs. A build changes no logic: it changes what a package
// exports from each entry point, the names and identity of classes after bundling (errors,
// `isInstance`), the files a worker thread loads, how the CommonJS build requires its
// dependencies and its siblings, and how one package reaches another through its public
// entry. A suite that checks one of those, through the package name (`@ctxopt/core`, not
// `./errors.ts`), ends its file name with `.dist.test.ts`: it runs in the source layer like
// any other, and again against the ESM and CommonJS builds. Every other suite checks logic
// the build leaves alone, so running it twice more would catch nothing new.
// test/reliability/dist-layer.test.ts holds the rule: every entry point in a package's
// `exports` is imported by name in some `.dist.test.ts` file, and every such file imports a
// package by name.
const distInclude = ['src/**/*.dist.test.ts', 'test/**/*.dist.test.ts'];
const distIncludeOf: Record<string, string[]> = { reliability: ['**/*.dist.test.ts'] };
const defaultExclude = ['**/*.int.test.ts', '**/node_modules/**'];
const timingSuites = '**/*.timing.test.ts';

const folders = {
  core: './packages/core',
  local: './packages/local',
  langchain: './packages/langchain',
  'ai-sdk': './packages/ai-sdk',
  examples: './examples',
  bench: './bench',
  reliability: './test/reliability',
};

// The reliability suite is a folder of tests with no package around it.
const includeOf: Record<string, string[]> = { reliability: ['**/*.test.ts'] };

// Property tests run hundreds of cases; on a loaded 2-core machine vitest's 5 s default
// fails them for time alone. A hang still fails, later.
const testTimeout = 30_000;
// Hooks start servers, browsers and child processes: the same room as a test, not vitest's 10 s.
const hookTimeout = testTimeout;

// `expect.poll` gives up after 1 s by default: too short for a page or a child process on a
// loaded machine. A poll that is met returns at once; one that never is still fails.
const expect = { poll: { timeout: 10_000 } };

// Property tests draw from a fixed seed under CI (see the file).
const setupFiles = [root('./test/support/fast-check-seed.ts')];

// Each test file gets fresh modules by default, which in the integrations means importing
// LangChain or the AI SDK again for every file (two thirds of those projects' CPU time), and
// in `local` the engine and its tokenizer tables (local took 96 s of CPU isolated, 59 s
// shared, measured back to back, 498 tests). Files share modules within a worker instead; no
// file changes a global it does not restore: network interceptors are undone after each
// test, nock's included (left on `http`, it held a streamed request body back until its
// end, and the emulator's 408 and 413 deadlines in emulator/body-limits.test.ts went
// unmet), env stubs by `unstubEnvs`.
//
// The source layer is one project over every folder, not one a folder: vitest runs projects
// one after another and gives each its own workers, so seven projects meant seven rounds of
// starting workers and importing the engine, LangChain and the AI SDK, and a tail at the end
// of each. One project lets a worker run any folder's file with what it has loaded, longest
// files first across the whole layer. Pick a folder by its path: `vitest run packages/core`.
type Folder = [name: string, directory: string];

/** Each folder's patterns, from the repository's root (every project here is rooted there). */
const patternsIn = (folders: Folder[], patternsOf: (name: string) => string[]) =>
  folders.flatMap(([name, directory]) =>
    patternsOf(name).map((pattern) => `${directory.slice(2)}/${pattern}`),
  );

/** What every layer's project shares: modules shared within a worker, and the same limits. */
const sharedTest = {
  environment: 'node',
  isolate: false,
  unstubEnvs: true,
  testTimeout,
  hookTimeout,
  expect,
  setupFiles,
} as const;

/** The sources through the `@ctxopt/source` export condition. */
const sourceResolution = {
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: sourceConditions } },
};

function sourceProject(folders: Folder[]) {
  return defineProject({
    ...sourceResolution,
    test: {
      ...sharedTest,
      name: 'source',
      root: root('.'),
      include: patternsIn(folders, (name) => includeOf[name] ?? defaultInclude),
      exclude: [...defaultExclude, timingSuites],
    },
  });
}

// The timing suites of every folder, as one project: one file at a time (`maxWorkers: 1`),
// in a group after the others (`groupOrder: 1`), so nothing else runs beside them.
function timingProject(folders: Folder[]) {
  return defineProject({
    ...sourceResolution,
    test: {
      ...sharedTest,
      name: 'timing',
      root: root('.'),
      include: patternsIn(folders, () => [timingSuites]),
      exclude: defaultExclude,
      maxWorkers: 1,
      sequence: { groupOrder: 1 },
    },
  });
}

// Built files of the workspace packages, handed to Node untransformed.
const builtFiles = /\/packages\/[^/]+\/dist\//;

// CommonJS: every `@ctxopt/*` import (subpaths too) resolves as Node's `require` would, to
// the CJS build; Node then loads it, and its own `require('@ctxopt/core')` stays in CJS.
const requireResolution: Plugin = {
  name: 'ctxopt-require-resolution',
  enforce: 'pre',
  resolveId(specifier, importer) {
    if (!specifier.startsWith('@ctxopt/') || specifier.startsWith('@ctxopt/source')) return null;
    return createRequire(importer ?? import.meta.url).resolve(specifier);
  },
};

// One project a format over every folder's `.dist.test.ts` suites, for the reason the source
// layer is one project (see `sourceProject`).
function distProject(folders: Folder[], format: 'esm' | 'cjs') {
  return defineProject({
    plugins: format === 'cjs' ? [requireResolution] : [],
    test: {
      // Shared as in the source layer (see `sourceProject`): the built packages are loaded
      // once per worker, not once per file.
      ...sharedTest,
      name: format === 'esm' ? 'dist' : 'dist-cjs',
      root: root('.'),
      include: patternsIn(folders, (name) => distIncludeOf[name] ?? distInclude),
      exclude: defaultExclude,
      globalSetup: [root('./scripts/require-build.ts')],
      server: { deps: { external: [builtFiles] } },
      env: { CTXOPT_TEST_TARGET: format === 'esm' ? 'dist' : 'dist-cjs' },
    },
  });
}

const present: Folder[] = Object.entries(folders).filter(([, directory]) =>
  existsSync(new URL(directory, import.meta.url)),
);

// A folder with no `.dist.test.ts` file adds no pattern to the dist projects.
function hasDistSuites([name, directory]: Folder): boolean {
  const patterns = distIncludeOf[name] ?? distInclude;
  return patterns.some(
    (pattern) =>
      globSync(pattern, { cwd: root(directory), exclude: (path) => path === 'node_modules' })
        .length > 0,
  );
}

const distFolders = layers.has('dist') ? present.filter(hasDistSuites) : [];

export const projects = [
  ...(layers.has('source') ? [sourceProject(present)] : []),
  ...(layers.has('dist')
    ? (['esm', 'cjs'] as const).map((format) => distProject(distFolders, format))
    : []),
  ...(layers.has('packed')
    ? [
        defineProject({
          test: {
            name: 'packed',
            root: root('./test/packed'),
            include: ['**/*.test.ts'],
            exclude: [...defaultExclude, 'consumer/**'],
            environment: 'node',
            globalSetup: [
              root('./scripts/require-build.ts'),
              root('./test/packed/support/install-packed.ts'),
            ],
            setupFiles: [root('./test/packed/support/consumer-present.ts')],
            // npm installs the tarballs and their peers once, for the whole layer.
            hookTimeout: 300_000,
            testTimeout: 120_000,
            expect,
          },
        }),
      ]
    : []),
  ...(layers.has('timing') ? [timingProject(present)] : []),
];
