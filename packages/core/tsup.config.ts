import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

// Each entry's `import './node-version-guard.ts'` stays an import of the built guard file
// instead of a bundled copy: ES modules run their imports (undici among them) before their
// own code, so only a separate import placed first runs before undici is loaded.
const nodeVersionGuardExternal: EsbuildPlugin = {
  name: 'node-version-guard-external',
  setup(build) {
    const extension = build.initialOptions.format === 'cjs' ? '.cjs' : '.js';
    build.onResolve({ filter: /^\.\/node-version-guard\.ts$/ }, () => ({
      path: `./node-version-guard${extension}`,
      external: true,
    }));
  },
};

export default defineConfig({
  entry: ['src/index.ts', 'src/internal.ts', 'src/redis.ts', 'src/node-version-guard.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node22',
  // Readable class names in stack traces; identity never depends on them (see core's errors.ts).
  keepNames: true,
  esbuildPlugins: [nodeVersionGuardExternal],
});
