import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareLatency, compareRounds, pairedRatio } from '../support/compare.ts';
import { checkGoals, goalsTable } from '../support/goals.ts';
import { interleaveRounds, timeConcurrent, timeSequential } from '../support/load.ts';
import { startLoopbackServer } from '../support/loopback-server.ts';
import { writeResults } from '../support/results.ts';
import { mean, median, percentile, ratio, summarize } from '../support/stats.ts';
import { scaled } from '../support/suite.ts';
import { formatTable } from '../support/table.ts';

describe('stats', () => {
  it('interpolates percentiles between the closest ranks, whatever the input order', () => {
    const values = [40, 10, 30, 20]; // sorted: 10 20 30 40, ranks 0..3
    expect(percentile(values, 0)).toBe(10);
    expect(percentile(values, 100)).toBe(40);
    expect(percentile(values, 50)).toBe(25); // rank 1.5
    expect(percentile(values, 90)).toBeCloseTo(37); // rank 2.7: 30 + 0.7 * 10
    expect(values).toEqual([40, 10, 30, 20]); // the caller's array is not sorted in place
  });

  it('takes the middle value as the median of an odd sample and the mean of the two middles of an even one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('summarizes a sample of 1..100 with the figures a reader would compute by hand', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(summarize(values)).toEqual({
      count: 100,
      min: 1,
      mean: 50.5,
      p50: 50.5,
      p90: expect.closeTo(90.1, 9),
      p99: expect.closeTo(99.01, 9),
      max: 100,
    });
    expect(mean(values)).toBe(50.5);
  });

  it('rejects an empty sample, a NaN and a percentile outside 0..100, naming the problem', () => {
    expect(() => percentile([], 50)).toThrow('percentile: the sample is empty');
    expect(() => median([1, Number.NaN])).toThrow('median: sample[1] must be a finite number');
    expect(() => percentile([1, 2], 101)).toThrow('p must be between 0 and 100 (got 101)');
    expect(() => summarize([])).toThrow(RangeError);
  });

  it('divides by a positive baseline only', () => {
    expect(ratio(110, 100)).toBeCloseTo(1.1);
    expect(() => ratio(1, 0)).toThrow('baseline must be a positive finite number (got 0)');
    expect(() => ratio(Number.POSITIVE_INFINITY, 1)).toThrow('value must be finite');
  });
});

describe('comparisons between variants measured in the same rounds', () => {
  it('takes the median of per-round ratios, so one disturbed round does not move the figure', () => {
    // Round 2 ran while the machine was busy: both variants slowed, their ratio did not.
    expect(pairedRatio([110, 330, 121], [100, 300, 110])).toBeCloseTo(1.1);
    expect(() => pairedRatio([1, 2], [1])).toThrow('needs as many rounds as the baseline');
  });

  it('reports each variant against the baseline, the baseline at exactly 1', () => {
    const figures = compareRounds({ raw: [1000, 500, 1000], client: [900, 450, 950] }, 'raw');
    expect(figures.raw).toEqual({ median: 1000, ratio: 1 });
    expect(figures.client.median).toBe(900);
    expect(figures.client.ratio).toBeCloseTo(0.9);
  });

  it('pools latencies for the percentiles and pairs round medians for the p50 ratio', () => {
    const figures = compareLatency(
      {
        raw: [
          [1, 1, 1],
          [2, 2, 2],
        ],
        client: [
          [1.2, 1.2, 1.2],
          [2.4, 2.4, 2.4],
        ],
      },
      'raw',
    );
    expect(figures.raw.p50Ratio).toBe(1);
    expect(figures.client.calls).toBe(6);
    expect(figures.client.p50Ratio).toBeCloseTo(1.2);
    expect(figures.client.p99Ms).toBeCloseTo(2.4);
    expect(figures.client.p99Ratio).toBeCloseTo(1.2);
  });
});

describe('goals and tables', () => {
  it('marks each goal met or not by its comparison', () => {
    const results = checkGoals([
      { name: 'latency', measured: 1.05, comparison: '<=', bound: 1.1 },
      { name: 'throughput', measured: 0.85, comparison: '>=', bound: 0.9 },
      { name: 'versus fetch', measured: 1, comparison: '<', bound: 1 },
    ]);
    expect(results.map((result) => result.met)).toEqual([true, false, false]);
    expect(goalsTable('Goals', results).rows[1]).toEqual([
      'throughput',
      '0.850x',
      '>= 0.90x',
      'NO',
    ]);
  });

  it('renders a Markdown table with padded, right-aligned figure columns', () => {
    const text = formatTable({
      title: 'Example',
      columns: ['variant', 'p50'],
      rows: [
        ['undici', 1.5],
        ['client', 12],
      ],
      notes: ['a note'],
    });
    expect(text).toBe(
      [
        '## Example',
        '',
        '| variant |  p50 |',
        '| ------- | ---: |',
        '| undici  | 1.50 |',
        '| client  |   12 |',
        '',
        '  a note',
      ].join('\n'),
    );
    expect(() => formatTable({ title: 'Bad', columns: ['a', 'b'], rows: [['x']] })).toThrow(
      'row 0 has 1 cells, expected 2',
    );
  });

  it('scales counts but keeps a minimum, and rejects a scale that is not positive', () => {
    expect(scaled(2000, 0.1)).toBe(200);
    expect(scaled(40, 0.01, 3)).toBe(3);
    expect(() => scaled(10, 0)).toThrow('scale must be a positive number (got 0)');
  });
});

describe('load helpers', () => {
  it('keeps exactly `concurrency` calls in flight until `total` calls have run', async () => {
    let inFlight = 0;
    let peak = 0;
    let calls = 0;
    const task = async () => {
      calls++;
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
    };
    const result = await timeConcurrent(task, { total: 50, concurrency: 8 });
    expect(calls).toBe(50);
    expect(peak).toBe(8);
    expect(result.perSecond).toBeCloseTo((50 / result.elapsedMs) * 1000);
    await expect(timeConcurrent(task, { total: 0, concurrency: 1 })).rejects.toThrow(
      'total must be a positive integer',
    );
  });

  it('times each sequential call and rotates which variant opens each round', async () => {
    const order: string[] = [];
    const variant = (name: string) => async () => {
      order.push(name);
    };
    const results = await interleaveRounds(
      { a: variant('a'), b: variant('b'), c: variant('c') },
      3,
      (task) => timeSequential(task, 1),
    );
    expect(order).toEqual(['a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b']);
    expect(results.a).toHaveLength(3);
    expect(results.a.flat().every((latency) => latency >= 0)).toBe(true);
  });
});

describe('results and the loopback server', () => {
  it('writes <suite>.json with the date, the machine and the figures, rounded for reading', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'ctxopt-bench-'));
    try {
      const date = new Date('2026-01-02T03:04:05.000Z');
      const figures = { ratio: 1.05, p50Ms: 0.20725399999992078, calls: 6000 };
      const path = await writeResults('example-suite', figures, { directory, date });
      expect(path).toBe(join(directory, 'example-suite.json'));
      const written = JSON.parse(await readFile(path, 'utf8'));
      expect(written).toMatchObject({
        suite: 'example-suite',
        date: date.toISOString(),
        ratio: 1.05,
      });
      expect(written.machine.node).toBe(process.version);
      await expect(writeResults('Bad Name', {}, { directory })).rejects.toThrow('kebab-case');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it.each(['main', 'worker', 'process'] as const)(
    'answers every request with the fixed body over one kept-alive connection (server in the %s thread or process)',
    async (thread) => {
      const server = await startLoopbackServer({ body: '{"ok":true}', thread });
      try {
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        for (let index = 0; index < 2; index++) {
          const response = await fetch(`${server.url}/v1/compress`, {
            method: 'POST',
            body: 'x'.repeat(10_000),
          });
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('application/json');
          expect(response.headers.get('connection')).toBe('keep-alive');
          expect(await response.text()).toBe('{"ok":true}');
        }
      } finally {
        await server.close();
      }
    },
  );
});
