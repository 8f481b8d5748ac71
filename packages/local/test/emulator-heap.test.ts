import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const PROBE = fileURLToPath(new URL('./support/emulator-heap-probe.ts', import.meta.url));

/** Runs the probe in its own Node process, against the layer under test (sources or dist). */
async function probe(calls: number, modelChars: number) {
  const conditions = process.env.CTXOPT_TEST_TARGET ? [] : ['--conditions=@ctxopt/source'];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', ...conditions, PROBE, String(calls), String(modelChars)],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    heapAddedMB: number;
    buffersAddedMB: number;
    stateBytes: number;
    stateMs: number;
    stateStatus: number;
  };
}

describe('the emulator’s memory is bounded whatever the input size', () => {
  // 1 MB a name is enough for each bound to fail when its cap is missing: a ring of 100
  // operations keeping whole names (or prefixes still tied to them) holds 100 MB of heap,
  // and 110 stored answers echoing the name 110 MB of buffers. 5 MB a name took five times
  // the CPU and caught nothing more.
  it('110 generate calls with a 1 MB model name add under 16 MB of heap; the state answers under 1 MiB', async () => {
    const result = await probe(110, 1_000_000);
    // The heap ceiling the README states: the inspector keeps 256 characters of a model name.
    expect(result.heapAddedMB).toBeLessThan(16);
    // Stored answers are buffers, bounded by idempotencyMaxBytes (64 MiB).
    expect(result.buffersAddedMB).toBeLessThan(80);
    expect(result.stateStatus).toBe(200);
    expect(result.stateBytes).toBeLessThan(1024 * 1024);
  }, 180_000);
});
