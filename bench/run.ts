/**
 * `pnpm bench`: runs the benchmark suites one after another and prints their tables.
 *
 *   pnpm bench                         every suite that exists
 *   pnpm bench client-overhead         only the named suites
 *   pnpm bench --scale=0.1             a quick smoke run (fewer calls, rounds, requests)
 *
 * A suite is `bench/<name>.ts` exporting `run(options): Promise<BenchTable[]>` (see
 * support/suite.ts); it writes its own `bench/results/<name>.json`. The list is fixed
 * rather than globbed, so a script such as `bench/quality.ts` (run by `pnpm bench:quality`)
 * is never imported here by accident; a listed suite not written yet is skipped.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { BenchSuite } from './support/suite.ts';
import { printTables } from './support/table.ts';

/** In the order they run: the cheap, noise-sensitive HTTP suites first. */
export const suites = [
  'client-overhead',
  'framework-overhead',
  'shadow-overhead',
  'emulator-throughput',
  'engine-throughput',
  'conversation-cost',
] as const;

function parseCommandLine(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { scale: { type: 'string', default: '1' } },
  });
  const scale = Number(values.scale);
  if (!(Number.isFinite(scale) && scale > 0)) {
    throw new RangeError(`--scale must be a positive number (got "${values.scale}")`);
  }
  const unknown = positionals.filter((name) => !(suites as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new RangeError(
      `Unknown suite ${unknown.join(', ')}; the suites are ${suites.join(', ')}`,
    );
  }
  return { scale, selected: positionals.length > 0 ? positionals : [...suites] };
}

async function main() {
  let commandLine: ReturnType<typeof parseCommandLine>;
  try {
    commandLine = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  const { scale, selected } = commandLine;
  const failed: string[] = [];
  for (const name of selected) {
    const file = new URL(`./${name}.ts`, import.meta.url);
    if (!existsSync(file)) {
      console.log(`\n# ${name}: not written yet, skipped`);
      continue;
    }
    console.log(`\n# ${name}`);
    const started = performance.now();
    try {
      const suite = (await import(file.href)) as Partial<BenchSuite>;
      if (typeof suite.run !== 'function') {
        // Importing it ran its top-level code, if any: that printed whatever came above.
        console.log(`${name}.ts exports no run(): nothing more to print or record here`);
        continue;
      }
      printTables(await suite.run({ scale }));
      console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      failed.push(name);
      console.error(`${name} failed:`, error);
    }
  }
  if (failed.length > 0) {
    console.error(`\nFailed suites: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

if (import.meta.main) await main();
