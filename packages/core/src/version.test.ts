import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { VERSION } from './version.ts';

it('sends the version package.json declares', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  expect(VERSION).toBe(manifest.version);
});
