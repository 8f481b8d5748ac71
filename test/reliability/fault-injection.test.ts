import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FaultScenarioReport } from './fault-scenario.ts';

const soak = Boolean(process.env.CTXOPT_SOAK);
const operations = soak ? 1000 : 200;

describe('client and emulator under injected faults', () => {
  // One run of the scenario, in a process of its own, answers both questions: what each
  // operation came to, and whether anything stayed open (the process then never ends).
  // The scenario waits out real attempt timeouts (3 s), so it is run once, not twice.
  it(`${operations} concurrent operations: each succeeds or fails typed, is counted once, and nothing stays open`, async () => {
    const script = fileURLToPath(new URL('./run-fault-scenario.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=@ctxopt/source', script, String(operations), '20261122'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    const [code, signal] = await once(child, 'exit');
    clearTimeout(timer);
    expect(signal).toBeNull();
    expect(code).toBe(0);
    const report = JSON.parse(output) as FaultScenarioReport & { unhandledRejections: number };
    expect(report.operations).toBe(operations);
    expect(report.faultsInjected).toBeGreaterThan(operations / 10);
    expect(report.succeeded).toBeGreaterThan(operations / 2);
    expect(report.untypedFailures).toBe(0);
    expect(report.unexpectedServerErrors).toBe(0);
    expect(report.lost).toBe(0);
    expect(report.doubleCounted).toBe(0);
    expect(report.unhandledRejections).toBe(0);
  }, 180_000);
});
