/**
 * Client overhead: what `ContextOptimizerClient.compress` costs on top of the HTTP call it
 * makes. Three variants send the same body with the same headers to the same loopback
 * server, interleaved in rounds:
 *   - undici: a hand-written `undici.request` + `body.json()` (the baseline)
 *   - client: `client.compress(params)` on the same keep-alive Agent
 *   - fetch:  `JSON.stringify` + global `fetch` + `response.json()`, as other SDKs do
 * Every figure is reported as a ratio to the undici variant measured in the same run.
 */
import { loadavg } from 'node:os';
import { Agent } from 'undici';
import {
  compareLatency,
  compareRounds,
  type LatencyFigures,
  mapVariants,
  type RoundFigures,
} from './support/compare.ts';
import { compressRequestParams, compressSuccessBody } from './support/compress-fixture.ts';
import {
  checkCompressVariants,
  compressVariants,
  type CompressVariant as Variant,
} from './support/compress-variants.ts';
import { checkGoals, type GoalResult, goalsTable } from './support/goals.ts';
import { interleaveRounds, timeConcurrent, timeSequential, withThreadCpu } from './support/load.ts';
import { startLoopbackServer } from './support/loopback-server.ts';
import { machineNote, writeResults } from './support/results.ts';
import { timeSequentialRounds } from './support/sequential-rounds.ts';
import { type SuiteOptions, scaled } from './support/suite.ts';
import { type BenchTable, formatRatio, microseconds } from './support/table.ts';

const CONCURRENCY = 64;

interface Figures {
  concurrency1: {
    latency: Record<Variant, LatencyFigures>;
    cpuMicrosPerCall: Record<Variant, RoundFigures>;
    /** The client's latency against the fetch variant's. */
    versusFetch: LatencyFigures;
  };
  concurrency64: {
    requestsPerSecond: Record<Variant, RoundFigures>;
    cpuMicrosPerCall: Record<Variant, RoundFigures>;
    /** The client's requests/s against the fetch variant's. */
    versusFetch: RoundFigures;
  };
  loadAverage: { before: number[]; after: number[] };
}

/** The goals: c=1 latency within 1.10x of undici, c=64 throughput at least 0.90x of it, beat fetch. */
function goalsOf(figures: Figures) {
  const { concurrency1: c1, concurrency64: c64 } = figures;
  return [
    {
      name: 'c=1 p50, client / undici',
      measured: c1.latency.client.p50Ratio,
      comparison: '<=',
      bound: 1.1,
    },
    {
      name: 'c=1 p99, client / undici',
      measured: c1.latency.client.p99Ratio,
      comparison: '<=',
      bound: 1.1,
    },
    {
      name: `c=${CONCURRENCY} requests/s, client / undici`,
      measured: c64.requestsPerSecond.client.ratio,
      comparison: '>=',
      bound: 0.9,
    },
    {
      name: 'c=1 p50, client / fetch',
      measured: c1.versusFetch.p50Ratio,
      comparison: '<',
      bound: 1,
    },
    {
      name: `c=${CONCURRENCY} requests/s, client / fetch`,
      measured: c64.versusFetch.ratio,
      comparison: '>',
      bound: 1,
    },
  ] as const;
}

const order: Variant[] = ['undici', 'client', 'fetch'];

function tables(figures: Figures, goals: GoalResult[]): BenchTable[] {
  const { concurrency1: c1, concurrency64: c64 } = figures;
  const machine = machineNote(figures.loadAverage.before);
  return [
    {
      title: 'Client overhead at concurrency 1 (latency per call)',
      columns: [
        'variant',
        'calls',
        'p50 µs',
        'p99 µs',
        'p50 / undici',
        'p99 / undici',
        'CPU µs/call',
        'CPU / undici',
      ],
      rows: order.map((name) => {
        const latency = c1.latency[name];
        const cpu = c1.cpuMicrosPerCall[name];
        return [
          name,
          latency.calls,
          microseconds(latency.p50Ms),
          microseconds(latency.p99Ms),
          formatRatio(latency.p50Ratio),
          formatRatio(latency.p99Ratio),
          Math.round(cpu.median),
          formatRatio(cpu.ratio),
        ];
      }),
      notes: [
        'p50 / undici and CPU / undici: median over rounds of the per-round ratios; p99: pooled.',
        'CPU: time the calling thread spent per call (the server runs in another thread).',
        machine,
      ],
    },
    {
      title: `Client overhead at concurrency ${CONCURRENCY} (throughput)`,
      columns: ['variant', 'requests/s', '/ undici', 'CPU µs/call', 'CPU / undici'],
      rows: order.map((name) => {
        const rate = c64.requestsPerSecond[name];
        const cpu = c64.cpuMicrosPerCall[name];
        return [
          name,
          Math.round(rate.median),
          formatRatio(rate.ratio),
          Math.round(cpu.median),
          formatRatio(cpu.ratio),
        ];
      }),
      notes: ['requests/s: median over rounds; ratios: median of the per-round ratios.', machine],
    },
    goalsTable('Client overhead: goals', goals),
  ];
}

/** Measures, writes `bench/results/client-overhead.json` and returns the tables. */
export async function run(options: Partial<SuiteOptions> = {}): Promise<BenchTable[]> {
  const scale = options.scale ?? 1;
  const settings = {
    warmupCalls: scaled(2000, scale),
    latencyRounds: scaled(40, scale, 3),
    callsPerRound: scaled(150, scale, 20),
    throughputRounds: scaled(16, scale, 3),
    requestsPerRound: scaled(1000, scale, CONCURRENCY),
    concurrency: CONCURRENCY,
    requestBytes: Buffer.byteLength(JSON.stringify(compressRequestParams())),
    responseBytes: Buffer.byteLength(compressSuccessBody()),
    server: 'node:http on 127.0.0.1 in a worker thread, keep-alive, fixed 200 body',
  };
  const loadAverageBefore = loadavg();
  const server = await startLoopbackServer({
    body: compressSuccessBody(),
    headers: { 'request-id': 'req_bench_0001' },
  });
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  try {
    const tasks = compressVariants({ baseURL: server.url, agent });
    await checkCompressVariants(tasks);
    for (const task of Object.values(tasks)) await timeSequential(task, settings.warmupCalls);

    const sequential = await timeSequentialRounds(tasks, {
      rounds: settings.latencyRounds,
      calls: settings.callsPerRound,
    });
    const latency = mapVariants(sequential, (rounds) => rounds.map((round) => round.latencies));
    const latencyCpu = mapVariants(sequential, (rounds) =>
      rounds.map((round) => round.cpuMicrosPerCall),
    );

    const load = { total: settings.requestsPerRound, concurrency: CONCURRENCY };
    // One discarded round at full concurrency opens every pool's connections first.
    await interleaveRounds(tasks, 1, (task) => timeConcurrent(task, load));
    const loadCpu: Record<Variant, number[]> = { undici: [], client: [], fetch: [] };
    const throughput = await interleaveRounds(
      tasks,
      settings.throughputRounds,
      async (task, name) => {
        const { result, cpuMicros } = await withThreadCpu(() => timeConcurrent(task, load));
        loadCpu[name].push(cpuMicros / settings.requestsPerRound);
        return result.perSecond;
      },
    );

    const figures: Figures = {
      concurrency1: {
        latency: compareLatency(latency, 'undici'),
        cpuMicrosPerCall: compareRounds(latencyCpu, 'undici'),
        versusFetch: compareLatency(latency, 'fetch').client,
      },
      concurrency64: {
        requestsPerSecond: compareRounds(throughput, 'undici'),
        cpuMicrosPerCall: compareRounds(loadCpu, 'undici'),
        versusFetch: compareRounds(throughput, 'fetch').client,
      },
      loadAverage: { before: loadAverageBefore, after: loadavg() },
    };
    const goals = checkGoals(goalsOf(figures));
    // Only a full run replaces the committed figures; a smoke run just prints.
    if (scale === 1) await writeResults('client-overhead', { settings, ...figures, goals });
    return tables(figures, goals);
  } finally {
    await agent.close();
    await server.close();
  }
}

if (import.meta.main) {
  const { printTables } = await import('./support/table.ts');
  printTables(await run({ scale: Number(process.env.CTXOPT_BENCH_SCALE ?? 1) }));
}
