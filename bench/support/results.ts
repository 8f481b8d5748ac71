import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The machine a figure was measured on; figures from different machines do not compare. */
export interface MachineInfo {
  node: string;
  v8: string;
  platform: string;
  arch: string;
  cpuModel: string;
  cpuCount: number;
  memoryGiB: number;
}

export function machineInfo(): MachineInfo {
  const processors = cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: process.platform,
    arch: process.arch,
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cpuCount: processors.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
  };
}

/** One line naming the machine, for the notes under a table. */
export function describeMachine(machine: MachineInfo = machineInfo()): string {
  return `${machine.cpuModel} x${machine.cpuCount}, ${machine.memoryGiB} GiB, Node ${machine.node} (${machine.platform}/${machine.arch})`;
}

/** The note under a table naming the machine and its load average before the run. */
export function machineNote(loadAverageBefore: readonly number[]): string {
  const load = loadAverageBefore.map((value) => value.toFixed(2)).join(' ');
  return `Machine: ${describeMachine()}; load average before the run: ${load}.`;
}

// Six significant digits are more than any benchmark here can resolve, and keep the file readable.
function roundForReading(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isInteger(value)
    ? Number(value.toPrecision(6))
    : value;
}

export interface WriteResultsOptions {
  /** Where the file goes. @default bench/results */
  directory?: string;
  /** The timestamp recorded. @default now */
  date?: Date;
}

const defaultDirectory = fileURLToPath(new URL('../results/', import.meta.url));

/**
 * Writes `<directory>/<suite>.json`: the suite name, the date, the machine, then `figures`.
 * Returns the path written. Each run replaces the previous file; git keeps the history.
 */
export async function writeResults(
  suite: string,
  figures: Record<string, unknown>,
  options: WriteResultsOptions = {},
): Promise<string> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(suite)) {
    throw new RangeError(`writeResults: suite must be a kebab-case name (got "${suite}")`);
  }
  const directory = options.directory ?? defaultDirectory;
  await mkdir(directory, { recursive: true });
  const path = `${directory.replace(/\/+$/, '')}/${suite}.json`;
  const document = {
    suite,
    date: (options.date ?? new Date()).toISOString(),
    machine: machineInfo(),
    ...figures,
  };
  await writeFile(path, `${JSON.stringify(document, roundForReading, 2)}\n`);
  return path;
}
