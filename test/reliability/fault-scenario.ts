import {
  type CompressResponse,
  ContextOptimizerClient,
  ContextOptimizerError,
  type GenerateResponse,
} from '@ctxopt/core';
import { startEmulator } from '@ctxopt/local';

export interface FaultScenarioOptions {
  /** Operations run, all at once. */
  operations: number;
  /** Share of requests that meet an injected fault (503, dropped socket, late answer, not JSON). */
  probability?: number;
  seed?: number;
}

export interface FaultScenarioReport {
  operations: number;
  succeeded: number;
  /** Failures by error class name: each one typed, none a bare Error. */
  failed: Record<string, number>;
  untypedFailures: number;
  requests: number;
  faultsInjected: number;
  /** Emulator answers of 5xx that no fault asked for. */
  unexpectedServerErrors: number;
  /** Successful operations whose stored answer differs from the one the caller got. */
  lost: number;
  /** Operations charged more than once in the quota ledger. */
  doubleCounted: number;
}

/**
 * Every operation starts at once, so the emulator's queue, not the network, decides
 * latency: the attempt timeout leaves room for that queue, and a late answer comes
 * well after it.
 */
const ATTEMPT_TIMEOUT_MS = 3000;
const LATE_MS = 4000;

const paragraph = (index: number) =>
  `Station ${index} opens at ${6 + (index % 4)} am. Bikes are checked every ${(index % 7) + 1} days. ` +
  'Riders report flat tyres through the app, and the crew logs each repair with the dock number. '.repeat(
    3 + (index % 5),
  );

/**
 * Runs `operations` concurrent client calls against the emulator while it injects a
 * random mix of faults, then settles every operation once more with its own
 * Idempotency-Key and no faults. Each operation must then be charged exactly once, and
 * each success must be what the service stored.
 */
export async function runFaultScenario(
  options: FaultScenarioOptions,
): Promise<FaultScenarioReport> {
  const emulator = await startEmulator({
    limitTokens: 1_000_000_000,
    maxRecordedRequests: 100_000,
  });
  try {
    emulator.faults.injectRandomly({
      probability: options.probability ?? 0.3,
      seed: options.seed ?? 1,
      delayMs: LATE_MS,
    });
    const chaotic = new ContextOptimizerClient({
      apiKey: emulator.apiKey,
      baseURL: emulator.url,
      timeout: ATTEMPT_TIMEOUT_MS,
      maxRetries: 4,
      // Real waits, scaled down: the backoff's shape is kept, the test stays short.
      sleep: (ms, signal) => new Promise((resolve) => setTimeout(resolve, ms / 50, signal)),
    });
    const call = (client: ContextOptimizerClient, index: number) => {
      const key = `scenario-${options.seed ?? 1}-${index}`;
      const context = paragraph(index);
      return index % 5 === 0
        ? client.generate(
            {
              context,
              query: 'When does the station open?',
              provider: 'openai',
              model: 'gpt-4o-mini',
            },
            { idempotencyKey: key },
          )
        : client.compress({ context, query: 'repairs' }, { idempotencyKey: key });
    };
    const indexes = Array.from({ length: options.operations }, (_, index) => index);
    const first = await Promise.allSettled(indexes.map((index) => call(chaotic, index)));

    const failed: Record<string, number> = {};
    let untypedFailures = 0;
    for (const outcome of first) {
      if (outcome.status === 'fulfilled') continue;
      if (ContextOptimizerError.isInstance(outcome.reason)) {
        failed[outcome.reason.name] = (failed[outcome.reason.name] ?? 0) + 1;
      } else untypedFailures++;
    }
    const faultsInjected = emulator.requests.filter((request) => request.fault).length;
    const unexpectedServerErrors = emulator.requests.filter(
      (request) => (request.status ?? 0) >= 500 && request.fault !== 'fail',
    ).length;
    const requests = emulator.requestCount;

    // Settle: every operation once more, same key, same body, no faults.
    emulator.faults.clear();
    const calm = new ContextOptimizerClient({ apiKey: emulator.apiKey, baseURL: emulator.url });
    const settled = await Promise.all(indexes.map((index) => call(calm, index)));
    let lost = 0;
    first.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled' && outcome.value.requestId !== settled[index]!.requestId) {
        lost++;
      }
    });
    const expectedTokens = settled.reduce(
      (sum, response: CompressResponse | GenerateResponse) =>
        sum + response.usage.request.inputTokens,
      0,
    );
    const charged = emulator.ledger.operations(emulator.apiKey);
    const doubleCounted =
      charged -
      options.operations +
      (emulator.ledger.usedTokens(emulator.apiKey) === expectedTokens ? 0 : 1);
    return {
      operations: options.operations,
      succeeded: first.filter((outcome) => outcome.status === 'fulfilled').length,
      failed,
      untypedFailures,
      requests,
      faultsInjected,
      unexpectedServerErrors,
      lost,
      doubleCounted,
    };
  } finally {
    await emulator.close();
  }
}
