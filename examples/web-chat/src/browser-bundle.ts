import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const entry = new URL('./browser/chat-app.ts', import.meta.url);

/**
 * Bundles the page's script (the AI SDK's chat and the page code) for the browser with
 * esbuild, in memory, when the server starts: no build step before `start`, nothing
 * written to disk.
 */
export async function bundleBrowserApp(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
