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
  target: 'node22',
  // Readable class names in stack traces; identity never depends on them (see core's errors.ts).
  keepNames: true,
});
