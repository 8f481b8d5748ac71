import type { LatencyFigures, RoundFigures } from './compare.ts';
import type { ServerStats } from './measured-server.ts';
import { machineNote } from './results.ts';
import { type BenchTable, formatRatio, microseconds } from './table.ts';

/** The emulator-throughput suite's variants: the bare server (the baseline), the emulator, and the emulator with a small idempotency store. */
export type EmulatorVariant = 'bare' | 'emulator' | 'emulator-100';
export type LatencyVariant = Exclude<EmulatorVariant, 'emulator-100'>;
export const emulatorVariants: EmulatorVariant[] = ['bare', 'emulator', 'emulator-100'];

/** The emulator thread's memory at one point of the run. */
export interface Checkpoint {
  name: string;
  requests: number;
  heapUsedMB: number;
  externalMB: number;
}

const megabytes = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

export function checkpoint(name: string, stats: ServerStats): Checkpoint {
  return {
    name,
    requests: stats.requests ?? 0,
    heapUsedMB: megabytes(stats.heapUsedBytes),
    externalMB: megabytes(stats.externalBytes),
  };
}

export interface EmulatorFigures {
  concurrency: number;
  concurrency64: {
    requestsPerSecond: Record<EmulatorVariant, RoundFigures>;
    clientCpuMicrosPerRequest: Record<EmulatorVariant, RoundFigures>;
    serverCpuMicrosPerRequest: Record<EmulatorVariant, RoundFigures>;
  };
  concurrency1: {
    latency: Record<LatencyVariant, LatencyFigures>;
    clientCpuMicrosPerCall: Record<LatencyVariant, RoundFigures>;
    serverCpuMicrosPerRequest: Record<LatencyVariant, RoundFigures>;
  };
  idempotencyStore: {
    bound: number;
    /** The bound of the `emulator-100` variant's store. */
    smallBound: number;
    checkpoints: Checkpoint[];
    /** Heap and external memory at the end minus right after the store filled. */
    growthAfterFullMB: number;
    maxGrowthMB: number;
    /** The run's first key, sent again at the end, ran anew: it had been evicted. */
    firstKeyEvicted: boolean;
    /** A key sent twice at the end was replayed: the store still works. */
    latestKeyReplayed: boolean;
  };
  loadAverage: { before: number[]; after: number[] };
}

/** The suite's tables: throughput, latency, the store's memory and its checks. */
export function emulatorTables(figures: EmulatorFigures): BenchTable[] {
  const { concurrency64: c64, concurrency1: c1, idempotencyStore: store } = figures;
  const machine = machineNote(figures.loadAverage.before);
  const growthMet = store.growthAfterFullMB < store.maxGrowthMB;
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  return [
    {
      title: `Emulator throughput at concurrency ${figures.concurrency}`,
      columns: [
        'variant',
        'requests/s',
        '/ bare',
        'client CPU µs/req',
        'server CPU µs/req',
        'server CPU / bare',
      ],
      rows: emulatorVariants.map((name) => [
        name,
        Math.round(c64.requestsPerSecond[name].median),
        formatRatio(c64.requestsPerSecond[name].ratio),
        Math.round(c64.clientCpuMicrosPerRequest[name].median),
        Math.round(c64.serverCpuMicrosPerRequest[name].median),
        formatRatio(c64.serverCpuMicrosPerRequest[name].ratio),
      ]),
      notes: [
        "bare: node:http answering the emulator's own success body (the baseline); emulator: startEmulator(), store full;",
        `emulator-100: the same with idempotencyMaxEntries ${store.smallBound}, to show what a full store of ${store.bound} costs.`,
        'requests/s and CPU: median over rounds; ratios: median of per-round ratios.',
        "server CPU: the server thread's own CPU time (read inside its worker) per request.",
        machine,
      ],
    },
    {
      title: 'Emulator latency at concurrency 1',
      columns: [
        'variant',
        'calls',
        'p50 µs',
        'p99 µs',
        'p50 / bare',
        'p99 / bare',
        'client CPU µs/call',
        'server CPU µs/req',
      ],
      rows: (['bare', 'emulator'] as const).map((name) => [
        name,
        c1.latency[name].calls,
        microseconds(c1.latency[name].p50Ms),
        microseconds(c1.latency[name].p99Ms),
        formatRatio(c1.latency[name].p50Ratio),
        formatRatio(c1.latency[name].p99Ratio),
        Math.round(c1.clientCpuMicrosPerCall[name].median),
        Math.round(c1.serverCpuMicrosPerRequest[name].median),
      ]),
      notes: ['p50 / bare: median of per-round ratios; p99: pooled.', machine],
    },
    {
      title: `Emulator idempotency store (bound ${store.bound} keys, a new key per request)`,
      columns: ['checkpoint', 'requests served', 'heap MB', 'external MB'],
      rows: store.checkpoints.map((point) => [
        point.name,
        point.requests,
        point.heapUsedMB.toFixed(1),
        point.externalMB.toFixed(1),
      ]),
      notes: [
        "The emulator thread's V8 heap after a full collection, and the Buffers it holds (stored bodies).",
      ],
    },
    {
      title: 'Emulator idempotency store: checks',
      columns: ['check', 'observed', 'expected', 'met'],
      rows: [
        [
          'memory growth after the store filled',
          `${store.growthAfterFullMB.toFixed(1)} MB`,
          `< ${store.maxGrowthMB} MB`,
          growthMet ? 'yes' : 'NO',
        ],
        [
          `first key evicted after ${store.bound}+ newer keys`,
          yesNo(store.firstKeyEvicted),
          'yes',
          store.firstKeyEvicted ? 'yes' : 'NO',
        ],
        [
          'latest key replayed',
          yesNo(store.latestKeyReplayed),
          'yes',
          store.latestKeyReplayed ? 'yes' : 'NO',
        ],
      ],
    },
  ];
}
