// Every tarball a user installs carries the license text its `license` field names: MIT
// asks that the notice travel with every copy of the software.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const rootLicense = readFileSync(new URL('../../LICENSE', import.meta.url), 'utf8');

async function fileInTarball(tarball: string, path: string): Promise<string> {
  const { stdout } = await run('tar', ['-xOzf', tarball, `package/${path}`], {
    maxBuffer: 4 * 1024 * 1024,
  });
  return stdout;
}

describe('the packed tarballs', () => {
  for (const [folder, tarball] of Object.entries(inject('tarballs'))) {
    it(`@ctxopt/${folder} carries LICENSE, the MIT text of the repository`, async () => {
      const { stdout: listing } = await run('tar', ['-tzf', tarball]);
      expect(listing.split('\n')).toContain('package/LICENSE');
      expect(await fileInTarball(tarball, 'LICENSE')).toBe(rootLicense);
      const manifest = JSON.parse(await fileInTarball(tarball, 'package.json'));
      expect(manifest.license).toBe('MIT');
      expect(rootLicense).toMatch(/^MIT License\n/);
    });
  }

  it('@ctxopt/local carries the notice of the word-vector table it ships', async () => {
    const notice = await fileInTarball(inject('tarballs').local!, 'assets/word-vectors.NOTICE.md');
    expect(notice).toContain('Public Domain Dedication and License');
    expect(notice).toContain('Copyright (c) 2024  GRAYPE Systems Private Limited');
    const { stdout: listing } = await run('tar', ['-tzf', inject('tarballs').local!]);
    expect(listing.split('\n')).toContain('package/assets/word-vectors.bin');
  });
});
