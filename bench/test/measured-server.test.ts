import { Agent, request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ContextOptimizerClient } from '../../packages/core/src/index.ts';
import { compressRequestParams } from '../support/compress-fixture.ts';
import { type MeasuredServer, startMeasuredServer } from '../support/measured-server.ts';

describe('startMeasuredServer', () => {
  const started: Array<MeasuredServer | Agent> = [];
  afterEach(async () => {
    for (const item of started.splice(0)) await item.close();
  });

  it("runs the fixed-response server in a worker and reports that thread's CPU and heap", async () => {
    const server = await startMeasuredServer({ kind: 'fixed', response: { body: '{"ok":true}' } });
    started.push(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const before = await server.stats();
    const response = await request(`${server.url}/v1/compress`, { method: 'POST', body: '{}' });
    expect(response.statusCode).toBe(200);
    expect(await response.body.text()).toBe('{"ok":true}');
    const after = await server.stats();
    expect(after.cpuMicros).toBeGreaterThan(before.cpuMicros);
    expect(after.heapUsedBytes).toBeGreaterThan(0);
    expect(await server.cpuMicros()).toBeGreaterThanOrEqual(after.cpuMicros);
    expect(after.requests).toBeUndefined();
  });

  it('runs the emulator in a worker: its key works, and it counts the requests it answered', async () => {
    const server = await startMeasuredServer({
      kind: 'emulator',
      options: { limitTokens: 10_000_000 },
    });
    const agent = new Agent();
    started.push(server, agent);
    const client = new ContextOptimizerClient({
      baseURL: server.url,
      apiKey: server.apiKey,
      dispatcher: agent,
    });
    const result = await client.compress(compressRequestParams(4));
    expect(result.success).toBe(true);
    expect(result.usage.request.inputTokens).toBeGreaterThan(100);
    expect(result.usage.monthly?.limitTokens).toBe(10_000_000);
    expect((await server.stats()).requests).toBe(1);
  });
});
