/**
 * Emulator throughput: requests/s of `startEmulator()` with the local engine on a small
 * context (four messages, about 260 tokens) against a bare `node:http` server answering
 * the same body. Both run in their own worker thread and are called by
 * `ContextOptimizerClient` from this one, so the ratio is what the emulator's work (auth,
 * validation, idempotency store, quota, engine) costs over a server that does none of it.
 * The emulator's idempotency store is filled to its bound (10,000 keys) before any time
 * counts, so every timed request pays for a full store as a long-running emulator does;
 * a third variant with a bound of 100 shows what the full store costs. Every figure is
 * against the bare server in the same run.
 */
import { loadavg } from 'node:os';
import { Agent } from 'undici';
import { type CompressParams, ContextOptimizerClient } from '../packages/core/src/index.ts';
import { DEFAULT_IDEMPOTENCY_MAX_ENTRIES } from '../packages/local/src/emulator/idempotency-store.ts';
import { compareLatency, compareRounds, mapVariants } from './support/compare.ts';
import { compressRequestParams } from './support/compress-fixture.ts';
import {
  checkpoint,
  type EmulatorFigures,
  type EmulatorVariant,
  emulatorTables,
  emulatorVariants,
  type LatencyVariant,
} from './support/emulator-figures.ts';
import {
  interleaveRounds,
  type Task,
  timeConcurrent,
  timeSequential,
  withThreadCpu,
} from './support/load.ts';
import { type MeasuredServer, startMeasuredServer } from './support/measured-server.ts';
import { writeResults } from './support/results.ts';
import { type SuiteOptions, scaled } from './support/suite.ts';
import type { BenchTable } from './support/table.ts';

const CONCURRENCY = 64;
/** The bound of the diagnostic emulator's idempotency store. */
const SMALL_STORE = 100;
/** Past the bound, the store's memory must stay within this much (10,000 more stored bodies would be ~20 MB). */
const MAX_GROWTH_MB = 5;
/** The Idempotency-Key of the run's first request, sent again at the end to see it evicted. */
const FIRST_KEY = 'bench-first-key-0001';

type Servers = Record<EmulatorVariant, MeasuredServer>;

/** Runs `work` and reads the CPU time it cost this thread and the server's thread. */
async function withBothCpu<T>(server: MeasuredServer, work: () => Promise<T>) {
  const serverBefore = await server.cpuMicros();
  const { result, cpuMicros } = await withThreadCpu(work);
  return { result, clientCpu: cpuMicros, serverCpu: (await server.cpuMicros()) - serverBefore };
}

/** Concurrency 64 in rotating rounds: requests/s, and CPU per request of each thread. */
async function measureThroughput(
  tasks: Record<EmulatorVariant, Task>,
  servers: Servers,
  options: { rounds: number; requests: number },
): Promise<EmulatorFigures['concurrency64']> {
  const perVariant = (): Record<EmulatorVariant, number[]> => ({
    bare: [],
    emulator: [],
    'emulator-100': [],
  });
  const rate = perVariant();
  const client = perVariant();
  const server = perVariant();
  const load = { total: options.requests, concurrency: CONCURRENCY };
  await interleaveRounds(tasks, options.rounds, async (task, name) => {
    const round = await withBothCpu(servers[name], () => timeConcurrent(task, load));
    rate[name].push(round.result.perSecond);
    client[name].push(round.clientCpu / options.requests);
    server[name].push(round.serverCpu / options.requests);
  });
  return {
    requestsPerSecond: compareRounds(rate, 'bare'),
    clientCpuMicrosPerRequest: compareRounds(client, 'bare'),
    serverCpuMicrosPerRequest: compareRounds(server, 'bare'),
  };
}

/** Concurrency 1 in rotating rounds: latency per call, and CPU per call of each thread. */
async function measureLatency(
  tasks: Record<LatencyVariant, Task>,
  servers: Servers,
  options: { rounds: number; calls: number },
): Promise<EmulatorFigures['concurrency1']> {
  const client: Record<LatencyVariant, number[]> = { bare: [], emulator: [] };
  const server: Record<LatencyVariant, number[]> = { bare: [], emulator: [] };
  const latency = await interleaveRounds(tasks, options.rounds, async (task, name) => {
    const round = await withBothCpu(servers[name], () => timeSequential(task, options.calls));
    client[name].push(round.clientCpu / options.calls);
    server[name].push(round.serverCpu / options.calls);
    return round.result;
  });
  return {
    latency: compareLatency(latency, 'bare'),
    clientCpuMicrosPerCall: compareRounds(client, 'bare'),
    serverCpuMicrosPerRequest: compareRounds(server, 'bare'),
  };
}

/** The request id of a compress sent with `key`: the stored one when the store replays it. */
async function requestIdFor(client: ContextOptimizerClient, params: CompressParams, key: string) {
  return (await client.compress(params, { idempotencyKey: key })).requestId;
}

/** Measures, writes `bench/results/emulator-throughput.json` and returns the tables. */
export async function run(options: Partial<SuiteOptions> = {}): Promise<BenchTable[]> {
  const scale = options.scale ?? 1;
  const params = compressRequestParams(4);
  const bound = DEFAULT_IDEMPOTENCY_MAX_ENTRIES;
  const settings = {
    // Always past the bound: the point is a full store, whatever the scale.
    fillRequests: bound + 500,
    warmupRequests: scaled(1000, scale, 200),
    rewarmRequests: scaled(300, scale, CONCURRENCY),
    throughputRounds: scaled(8, scale, 3),
    requestsPerRound: scaled(500, scale, CONCURRENCY),
    latencyRounds: scaled(12, scale, 3),
    // Rounds of several milliseconds of CPU: the thread's CPU clock is coarse over shorter ones.
    callsPerRound: scaled(100, scale, 50),
    concurrency: CONCURRENCY,
    requestBytes: Buffer.byteLength(JSON.stringify(params)),
    idempotencyMaxEntries: bound,
  };
  const loadAverageBefore = loadavg();
  // The quota would run out long before the run does: requests, not the ledger, are measured.
  const emulatorOptions = { limitTokens: Number.MAX_SAFE_INTEGER };
  const emulator = await startMeasuredServer({ kind: 'emulator', options: emulatorOptions });
  const smallStore = await startMeasuredServer({
    kind: 'emulator',
    options: { ...emulatorOptions, idempotencyMaxEntries: SMALL_STORE },
  });
  const agent = new Agent({ keepAliveTimeout: 60_000 });
  const clientOf = (server: MeasuredServer) =>
    new ContextOptimizerClient({
      baseURL: server.url,
      apiKey: server.apiKey ?? 'sk-bench-0123456789abcdef',
      dispatcher: agent,
    });
  const emulatorClient = clientOf(emulator);
  // The bare server answers what the emulator answers, so the client's work is the same.
  const sample = await emulatorClient.compress(params, { idempotencyKey: FIRST_KEY });
  const bare = await startMeasuredServer({
    kind: 'fixed',
    response: { body: JSON.stringify(sample), headers: { 'request-id': sample.requestId } },
  });
  const servers: Servers = { bare, emulator, 'emulator-100': smallStore };
  try {
    const clients = {
      bare: clientOf(bare),
      emulator: emulatorClient,
      'emulator-100': clientOf(smallStore),
    };
    const tasks: Record<EmulatorVariant, Task> = mapVariants(
      clients,
      (client) => () => client.compress(params),
    );
    for (const name of emulatorVariants) {
      const body = await clients[name].compress(params);
      if (body.data.compressed !== sample.data.compressed) {
        throw new Error(`${name}: another compressed text than the emulator's`);
      }
    }

    const checkpoints = [checkpoint('start', await emulator.stats())];
    const load = (total: number) => ({ total, concurrency: CONCURRENCY });
    await timeConcurrent(tasks.bare, load(settings.warmupRequests));
    await timeConcurrent(tasks['emulator-100'], load(settings.warmupRequests));
    await timeConcurrent(tasks.emulator, load(settings.fillRequests));
    checkpoints.push(checkpoint('store full (after the fill)', await emulator.stats()));
    // A heap reading empties V8's caches too: warm the emulator again before time counts.
    const rewarm = () => timeConcurrent(tasks.emulator, load(settings.rewarmRequests));
    await rewarm();
    const concurrency64 = await measureThroughput(tasks, servers, {
      rounds: settings.throughputRounds,
      requests: settings.requestsPerRound,
    });
    checkpoints.push(checkpoint(`after concurrency ${CONCURRENCY}`, await emulator.stats()));
    await rewarm();
    const concurrency1 = await measureLatency(
      { bare: tasks.bare, emulator: tasks.emulator },
      servers,
      { rounds: settings.latencyRounds, calls: settings.callsPerRound },
    );
    const end = checkpoint('end (after concurrency 1)', await emulator.stats());
    checkpoints.push(end);

    // The first key's answer was stored before every other: a new request id means it is gone.
    const firstKeyEvicted =
      (await requestIdFor(emulatorClient, params, FIRST_KEY)) !== sample.requestId;
    const latest = await requestIdFor(emulatorClient, params, 'bench-latest-key-0001');
    const latestKeyReplayed =
      (await requestIdFor(emulatorClient, params, 'bench-latest-key-0001')) === latest;
    const full = checkpoints[1]!;
    const figures: EmulatorFigures = {
      concurrency: CONCURRENCY,
      concurrency64,
      concurrency1,
      idempotencyStore: {
        bound,
        smallBound: SMALL_STORE,
        checkpoints,
        growthAfterFullMB: end.heapUsedMB + end.externalMB - (full.heapUsedMB + full.externalMB),
        maxGrowthMB: MAX_GROWTH_MB,
        firstKeyEvicted,
        latestKeyReplayed,
      },
      loadAverage: { before: loadAverageBefore, after: loadavg() },
    };
    const inputTokens = sample.usage.request.inputTokens;
    // Only a full run replaces the committed figures; a smoke run just prints.
    if (scale === 1) {
      await writeResults('emulator-throughput', {
        settings: { ...settings, inputTokens },
        ...figures,
      });
    }
    return emulatorTables(figures);
  } finally {
    await agent.close();
    for (const server of Object.values(servers)) await server.close();
  }
}

if (import.meta.main) {
  const { printTables } = await import('./support/table.ts');
  printTables(await run({ scale: Number(process.env.CTXOPT_BENCH_SCALE ?? 1) }));
}
