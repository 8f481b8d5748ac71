// The guard is built as an entry of its own, which every package's entry imports first;
// loaded by name, the dist layer checks that entry as it ships, ESM and CommonJS.
import { readFileSync } from 'node:fs';
import { MINIMUM_NODE_MAJOR } from '@ctxopt/core/node-version-guard';
import { expect, it } from 'vitest';

it('asks for the Node.js major version the package declares in engines, and lets this one run', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  expect(manifest.engines.node).toBe(`>=${MINIMUM_NODE_MAJOR}`);
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(MINIMUM_NODE_MAJOR);
});
