import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runFaultScenario } from './fault-scenario.ts';

const soak = Boolean(process.env.CTXOPT_SOAK);
const operations = soak ? 1000 : 200;

describe('client and emulator under injected faults', () => {
  it(`${operations} concurrent operations: each succeeds or fails typed, and is counted once`, async () => {
    const report = await runFaultScenario({ operations, seed: 20261122 });
    expect(report.faultsInjected).toBeGreaterThan(operations / 10);
    expect(report.succeeded).toBeGreaterThan(operations / 2);
    expect(report.untypedFailures).toBe(0);
    expect(report.unexpectedServerErrors).toBe(0);
    expect(report.lost).toBe(0);
    expect(report.doubleCounted).toBe(0);
  }, 120_000);

  it('leaves no socket or timer open: the process ends on its own', async () => {
    const script = fileURLToPath(new URL('./run-fault-scenario.ts', import.meta.url));
    const child = spawn(process.execPath, ['--conditions=@ctxopt/source', script, '100', '7'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const [code, signal] = await once(child, 'exit');
    clearTimeout(timer);
    expect(signal).toBeNull();
    expect(code).toBe(0);
    const report = JSON.parse(output);
    expect(report).toMatchObject({
      operations: 100,
      lost: 0,
      doubleCounted: 0,
      unhandledRejections: 0,
    });
  }, 90_000);
});
