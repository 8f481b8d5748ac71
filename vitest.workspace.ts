// The list of vitest projects. vitest 5 no longer reads this file by itself:
// vitest.config.ts imports it into `test.projects`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// Tests import the workspace packages from source, so no build is needed before `pnpm test`.
const sourceConditions = ['@ctxopt/source'];

const defaultInclude = ['src/**/*.test.ts', 'test/**/*.test.ts'];

function project(name: string, directory: string, include = defaultInclude) {
  return defineProject({
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: sourceConditions, externalConditions: sourceConditions } },
    test: {
      name,
      root: fileURLToPath(new URL(directory, import.meta.url)),
      include,
      exclude: ['**/*.int.test.ts', '**/node_modules/**'],
      environment: 'node',
    },
  });
}

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

export const projects = Object.entries(folders)
  .filter(([, directory]) => existsSync(new URL(directory, import.meta.url)))
  .map(([name, directory]) => project(name, directory, includeOf[name]));
