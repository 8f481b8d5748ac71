import { describe, expect, it, vi } from 'vitest';
import type { CompressionReport } from '../planner/compression-report.ts';
import { resolveConversationPolicy } from '../planner/resolve-policy.ts';
import { resolveShadowSettings } from './resolve-shadow.ts';
import { ShadowEvaluator } from './shadow-evaluator.ts';
import type { ShadowEvent } from './shadow-event.ts';
import type { ShadowOptions } from './shadow-options.ts';

const report = (promptTokens = 1000): CompressionReport => ({
  status: 'compressed',
  spans: [
    {
      kind: 'tool-result',
      messageIndexes: [2],
      toolName: 'search',
      status: 'compressed',
      cached: false,
      charactersBefore: 4000,
      charactersAfter: 1000,
      inputTokens: 1000,
      compressedTokens: 250,
      savedTokens: 750,
      compressedText: 'short',
    },
  ],
  requestIds: [],
  calls: 1,
  inputTokens: 1000,
  chargedInputTokens: 1000,
  reusedInputTokens: 0,
  compressedTokens: 250,
  savedTokens: 750,
  reductionPct: 75,
  promptTokens,
  droppedReasoning: 0,
  removedMessages: 0,
  durationMs: 1,
});
const text = (value: string) => ({ text: value, toolCalls: [] });

function evaluator(shadow: ShadowOptions | undefined, extra: { observe?: boolean } = {}) {
  const events: ShadowEvent[] = [];
  const onShadow = (event: ShadowEvent) => events.push(event);
  const instance = new ShadowEvaluator(resolveShadowSettings({ shadow, ...extra, onShadow }));
  // A call's policy carries the instance's shadow settings, as the compressor's do.
  const policyOf = (options: Parameters<typeof resolveConversationPolicy>[0]) =>
    resolveConversationPolicy({ ...options, shadow, ...extra, onShadow });
  return { instance, events, policyOf };
}

describe('ShadowEvaluator', () => {
  it('judges a sampled call in the background after the answer and reports agreement per level and kind', async () => {
    const { instance, events, policyOf } = evaluator({ sampleRate: 1 });
    const call = instance.begin(policyOf({ level: 'ultra' }))!;
    const ticket = call.admit(report());
    let calledOriginal = false;
    ticket!.start(
      text('It is 4711.'),
      async () => {
        calledOriginal = true;
        return { answer: text('It is 4711.'), inputTokens: 900 };
      },
      'code?',
    );
    expect(calledOriginal).toBe(false); // nothing on the caller's path
    await instance.settled();
    expect(events).toMatchObject([
      {
        type: 'judged',
        agree: true,
        level: 'ultra',
        kinds: ['tool-result'],
        savedTokens: 750,
        shadowInputTokens: 900,
      },
    ]);
    expect(instance.summary()).toMatchObject({
      agreement: [{ level: 'ultra', kind: 'tool-result', judged: 1, agreed: 1, rate: 1 }],
      shadowed: 1,
      spentTokensLastHour: 900,
    });
  });

  it('reads nothing of the prompt on the user path: the question and the original call run only after the answer has resolved', async () => {
    const { instance, events, policyOf } = evaluator({ sampleRate: 1, delayMs: 0 });
    // A long prompt: work proportional to it is what must stay off the user's path.
    const prompt = Array.from({ length: 10_000 }, (_, index) => `message ${index}`);
    const reads: string[] = [];
    const answered = (async () => {
      const ticket = instance.begin(policyOf({ level: 'ultra' }))!.admit(report());
      ticket!.start(
        text('It is 4711.'),
        async () => {
          reads.push('original');
          return { answer: text('It is 4711.') };
        },
        () => {
          reads.push('question');
          return prompt.at(-1)!;
        },
      );
      return 'answer';
    })();
    expect(reads).toEqual([]);
    expect(await answered).toBe('answer');
    // The answer has reached the caller, and the microtasks after it have run.
    await Promise.resolve();
    expect(reads).toEqual([]);
    await instance.settled();
    expect(reads).toEqual(['original', 'question']);
    expect(events).toMatchObject([{ type: 'judged', agree: true }]);
  });

  it('a sampled call costs the user path a small multiple of an unsampled one (sampling, budget, scheduling), measured in the same run', async () => {
    const sampled = evaluator({
      sampleRate: 1,
      concurrency: 10_000,
      budget: { inputTokensPerHour: 1e12 },
    });
    const unsampled = evaluator({ sampleRate: 0 });
    const sampledPolicy = sampled.policyOf({ level: 'ultra' });
    const unsampledPolicy = unsampled.policyOf({ level: 'ultra' });
    // Per batch of 100 calls, the time of each kind summed: a batch takes hundreds of
    // microseconds, well above the timer's resolution, where one call takes a few.
    const costs = { sampled: [] as number[], unsampled: [] as number[] };
    for (let batch = 0; batch < 20; batch += 1) {
      let sampledCost = 0;
      let unsampledCost = 0;
      // Interleaved, so a slow stretch of the machine falls on both.
      for (let call = 0; call < 100; call += 1) {
        let started = performance.now();
        sampled.instance
          .begin(sampledPolicy)!
          .admit(report())
          ?.start(text('It is 4711.'), async () => ({ answer: text('It is 4711.') }), 'q');
        sampledCost += performance.now() - started;
        started = performance.now();
        unsampled.instance.begin(unsampledPolicy)?.admit(report());
        unsampledCost += performance.now() - started;
      }
      costs.sampled.push(sampledCost);
      costs.unsampled.push(unsampledCost);
      await sampled.instance.settled();
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    console.info(
      `a batch of 100 calls: sampled ${median(costs.sampled).toFixed(3)} ms, unsampled ${median(costs.unsampled).toFixed(3)} ms`,
    );
    // Counting the call and scheduling the shadow; building its request or judging on the
    // user's path would cost tens of times more. The absolute p99 (46-175 us) is
    // bench/shadow-overhead.ts's figure, measured on the frameworks' paths.
    expect(median(costs.sampled)).toBeLessThan(10 * median(costs.unsampled));
  });

  it('never lets the shadow spend more than the hourly budget', async () => {
    const { instance, policyOf } = evaluator({
      sampleRate: 1,
      budget: { inputTokensPerHour: 5000 },
    });
    let spent = 0;
    for (let index = 0; index < 20; index += 1) {
      const ticket = instance.begin(policyOf({}))!.admit(report(1000));
      ticket?.start(
        text('a'),
        async () => {
          spent += 1000;
          return { answer: text('a'), inputTokens: 1000 };
        },
        'q',
      );
      await instance.settled();
    }
    expect(spent).toBeLessThanOrEqual(5000);
    expect(spent).toBeGreaterThan(0);
    expect(instance.summary().skipped.budget).toBeGreaterThan(0);
  });

  it('bounds the shadow calls running at once', () => {
    const { instance, policyOf } = evaluator({ sampleRate: 1, concurrency: 2 });
    const tickets = Array.from({ length: 5 }, () => instance.begin(policyOf({}))!.admit(report()));
    expect(tickets.filter(Boolean)).toHaveLength(2);
    expect(instance.summary().skipped.concurrency).toBe(3);
    tickets[0]!.cancel();
    expect(instance.begin(policyOf({}))!.admit(report())).toBeDefined();
  });

  it('gives a slot back when the answer never comes (a stream nobody reads to its end)', () => {
    vi.useFakeTimers();
    try {
      const { instance, policyOf } = evaluator({ sampleRate: 1, concurrency: 1 });
      expect(instance.begin(policyOf({}))!.admit(report())).toBeDefined();
      expect(instance.begin(policyOf({}))!.admit(report())).toBeUndefined();
      vi.advanceTimersByTime(10 * 60_000);
      expect(instance.summary()).toMatchObject({ running: 0, spentTokensLastHour: 0 });
      expect(instance.begin(policyOf({}))!.admit(report())).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not shadow a prompt that would not fit the model window uncompressed', () => {
    const { instance, policyOf } = evaluator({ sampleRate: 1 });
    const policy = policyOf({ contextWindow: 800 });
    expect(instance.begin(policy)!.admit(report(1000))).toBeUndefined();
    expect(instance.summary().skipped.window).toBe(1);
  });

  it('does not shadow a call whose prompt was not compressed', () => {
    const { instance, policyOf } = evaluator({ sampleRate: 1 });
    const skipped = { ...report(), status: 'skipped' as const, spans: [] };
    expect(instance.begin(policyOf({}))!.admit(skipped)).toBeUndefined();
  });

  it('samples about sampleRate of the calls, the same ones for the same seed', () => {
    const picks = (seed: number) => {
      const { instance, policyOf } = evaluator({ sampleRate: 0.1, seed, concurrency: 1000 });
      return Array.from({ length: 2000 }, () =>
        instance.begin(policyOf({}))!.admit(report(1)) ? 1 : 0,
      );
    };
    const first = picks(3);
    expect(first).toEqual(picks(3));
    const rate = first.reduce((sum: number, pick) => sum + pick, 0) / first.length;
    expect(rate).toBeGreaterThan(0.08);
    expect(rate).toBeLessThan(0.12);
  });

  it('with adapt, shadows a level new in use at every call until agreeing pairs clear it, again after a disagreement, and at sampleRate otherwise', async () => {
    const run = async (sampleRate: number, disagreeAt: number[]) => {
      const settings = resolveShadowSettings({
        shadow: { sampleRate, seed: 5, concurrency: 1, delayMs: 0 },
        adapt: true,
      });
      const policy = resolveConversationPolicy({
        level: 'ultra',
        shadow: { sampleRate, seed: 5, concurrency: 1, delayMs: 0 },
        adapt: true,
      });
      const instance = new ShadowEvaluator(settings);
      const shadowed: number[] = [];
      for (let call = 1; call <= 1000; call += 1) {
        const shadow = instance.begin(policy)!;
        shadow.levelFor?.('tool-result');
        const ticket = shadow.admit(report());
        if (!ticket) continue;
        shadowed.push(call);
        const agree = !disagreeAt.includes(shadowed.length);
        ticket.start(
          text(agree ? 'It is 4711.' : 'I do not know.'),
          async () => ({
            answer: text('It is 4711.'),
          }),
          'q',
        );
        await instance.settled();
      }
      return shadowed;
    };
    const clean = await run(0.05, []);
    // The first calls, one after the other, until the evidence of a slip falls below 0.1
    // (47 agreeing pairs at 0.95), then about one in twenty.
    const warmUp = clean.findIndex((call, index) => call !== index + 1);
    expect(warmUp).toBeGreaterThanOrEqual(47);
    expect(warmUp).toBeLessThan(55);
    const after = clean.filter((call) => call > warmUp).length / (1000 - warmUp);
    expect(after).toBeGreaterThan(0.03);
    expect(after).toBeLessThan(0.08);
    // A disagreement on the 45th pair makes the calls after it shadowed one after another again.
    const disagreed = await run(0.05, [45]);
    const at = disagreed[44]!;
    expect(disagreed.slice(45, 55)).toEqual(
      Array.from({ length: 10 }, (_, index) => at + 1 + index),
    );
    // `sampleRate: 0` shadows nothing.
    expect(await run(0, [])).toEqual([]);
  });

  it('swallows a failing shadow call or judge and reports it', async () => {
    const { instance, events, policyOf } = evaluator({
      sampleRate: 1,
      judge: () => {
        throw new Error('judge down');
      },
    });
    const policy = policyOf({});
    instance
      .begin(policy)!
      .admit(report())!
      .start(
        text('a'),
        async () => {
          throw new Error('model down');
        },
        'q',
      );
    instance
      .begin(policy)!
      .admit(report())!
      .start(text('a'), async () => ({ answer: text('a') }), 'q');
    await instance.settled();
    expect(
      events.map((event) => event.type === 'failed' && (event.error as Error).message),
    ).toEqual(['model down', 'judge down']);
  });

  it('observe reports what compression would save and drop', () => {
    const { instance, events, policyOf } = evaluator(undefined, { observe: true });
    instance.begin(policyOf({ level: 'standard' }))!.observed(report());
    expect(events).toEqual([
      {
        type: 'observed',
        level: 'standard',
        kinds: ['tool-result'],
        promptTokens: 1000,
        savedTokens: 750,
        reductionPct: 75,
        spans: [
          {
            kind: 'tool-result',
            messageIndexes: [2],
            toolName: 'search',
            charactersBefore: 4000,
            charactersAfter: 1000,
            compressedText: 'short',
          },
        ],
      },
    ]);
  });
});

describe('resolveShadowSettings', () => {
  it('names the field and the rule of a broken option', () => {
    expect(() => resolveShadowSettings({ shadow: { sampleRate: 2 } })).toThrow(
      'shadow.sampleRate must be a number from 0 to 1 (got 2)',
    );
    expect(() => resolveShadowSettings({ shadow: { budget: { tokens: 1 } } as never })).toThrow(
      'shadow.budget.tokens is not an option',
    );
    expect(() => resolveShadowSettings({ adapt: true })).toThrow(
      'adapt needs shadow evaluation on',
    );
    expect(() => resolveShadowSettings({ shadow: true, adapt: { threshold: 0 } })).toThrow(
      'adapt.threshold must be a number above 0 and at most 1',
    );
  });
});
