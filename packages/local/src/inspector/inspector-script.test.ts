import { type Emulator, startEmulator } from '@ctxopt/local';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleInspectorPage } from '../../scripts/bundle-inspector-page.ts';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function servedScript(): Promise<string> {
  emulator = await startEmulator();
  const response = await request(`${emulator.url}/inspector/inspector.js`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
  return response.body.text();
}

describe('the inspector page script', () => {
  it('is served as bundled from the page sources (src/inspector/page/)', async () => {
    const served = await servedScript();
    // When this fails, the page sources changed after the script was generated: run the
    // package build, or `node scripts/bundle-inspector-page.ts` in packages/local.
    expect(served).toBe(await bundleInspectorPage());
  });

  it('is one classic script that parses no HTML and evaluates no string', async () => {
    const script = await bundleInspectorPage();
    expect(script).toMatch(/^"use strict";\n\(\(\) => \{/);
    expect(script).not.toMatch(/\bimport\b|\bexport\b|require\(/);
    for (const sink of [
      'innerHTML',
      'outerHTML',
      'insertAdjacentHTML',
      'document.write',
      'DOMParser',
      'createContextualFragment',
      'eval(',
      'new Function',
    ]) {
      expect(script).not.toContain(sink);
    }
  });
});
