// Each package folder keeps its own copy of the repository's LICENSE, because a tarball
// holds only what is inside the package folder. The copies must not drift from the root.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const rootLicense = readFileSync(new URL('LICENSE', root), 'utf8');
const folders = ['core', 'local', 'langchain', 'ai-sdk'];

describe('package licenses', () => {
  for (const folder of folders) {
    it(`packages/${folder} ships the root LICENSE and names it in package.json`, () => {
      const license = readFileSync(new URL(`packages/${folder}/LICENSE`, root), 'utf8');
      expect(license).toBe(rootLicense);
      const manifest = JSON.parse(
        readFileSync(new URL(`packages/${folder}/package.json`, root), 'utf8'),
      ) as { license?: string; files?: string[] };
      expect(manifest.license).toBe('MIT');
      expect(manifest.files).toContain('LICENSE');
    });
  }
});
