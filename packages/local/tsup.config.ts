import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker is its own entry, built beside the bundles that start it (engine-runner.ts).
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'compress-worker': 'src/emulator/compress-worker.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  // The maps point into src/, which the package ships: no second copy of every source in
  // them (the engine's word-vector table alone is 1.8 MB, bundled into each entry).
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
  target: 'node22',
  // Readable class names in stack traces; identity never depends on them (see core's errors.ts).
  keepNames: true,
});
