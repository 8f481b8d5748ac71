/**
 * Shadow overhead: what shadow evaluation adds to the user's path of a sampled call. In
 * each framework four variants answer the same 200-message chat through a real provider
 * package against a loopback OpenAI Chat Completions server (its own thread), interleaved
 * call by call in a seeded random order:
 *   - unsampled: `shadow: { sampleRate: 0 }` (the baseline)
 *   - unsampled-again: a second, identical instance: the A/A comparison, the noise floor
 *   - sampled: `shadow: { sampleRate: 1 }`: every call shadowed
 *   - off: no `shadow` option at all
 * A call's time runs from its start to the moment the user's answer resolves. The shadow
 * calls run in the background (after `delayMs`, 50 ms by default) while later calls of
 * every variant are timed, as in production; the difference to the baseline is what a
 * sampled call itself pays before its answer. The model servers run in a process of their
 * own, as a remote model would. Beside it, the time the shadow's own code holds the thread
 * on each call's path is measured directly (support/shadow-path-timer.ts): a figure in
 * microseconds that the machine's noise in milliseconds does not drown. Also checked: every
 * answer's bytes equal the unshadowed answer, and a failing provider gives the same error
 * with and without shadowing.
 */
import { loadavg } from 'node:os';
import { createOpenAI } from '../packages/ai-sdk/node_modules/@ai-sdk/openai/dist/index.js';
import {
  generateText,
  type ModelMessage,
  wrapLanguageModel,
} from '../packages/ai-sdk/node_modules/ai/dist/index.js';
import { contextOptimizerMiddleware as aiSdkMiddleware } from '../packages/ai-sdk/src/index.ts';
import { ChatOpenAI } from '../packages/langchain/node_modules/@langchain/openai/dist/index.js';
import { createAgent } from '../packages/langchain/node_modules/langchain/dist/index.js';
import { contextOptimizerMiddleware as langChainMiddleware } from '../packages/langchain/src/index.ts';
import { LocalContextOptimizer } from '../packages/local/src/index.ts';
import {
  type ChatConversation,
  chatConversation,
  compressParamsOf,
  MODEL_ANSWER,
} from './support/chat-conversation.ts';
import { type FixedOptimizer, fixedOptimizerFrom } from './support/fixed-optimizer.ts';
import { checkGoals, type GoalResult, goalsTable } from './support/goals.ts';
import { startLoopbackServer } from './support/loopback-server.ts';
import { machineNote, writeResults } from './support/results.ts';
import { seededRandom } from './support/seeded-random.ts';
import { timeShadowPath } from './support/shadow-path-timer.ts';
import { type Summary, summarize } from './support/stats.ts';
import { type SuiteOptions, scaled } from './support/suite.ts';
import { type BenchTable, formatRatio, microseconds } from './support/table.ts';

const MESSAGES = 200;
/** The goal: a sampled call's answer at most this many milliseconds later at p99, beyond the A/A noise. */
const GOAL_ADDED_P99_MS = 1;

const VARIANTS = ['unsampled', 'unsampled-again', 'sampled', 'off'] as const;
type VariantName = (typeof VARIANTS)[number];

/** What a variant's call returns: the answer's text and whether the call was shadowed. */
type Call = () => Promise<string>;

interface Framework {
  calls: Record<VariantName, Call>;
  /** Shadow calls started so far, per variant (a check that sampled means shadowed). */
  shadowed(): Record<VariantName, number>;
  settled(): Promise<void>;
}

/** A chat completion body, as OpenAI answers one. */
const completionBody = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: MODEL_ANSWER, refusal: null },
      finish_reason: 'stop',
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 2400, completion_tokens: 14, total_tokens: 2414 },
});

/** A 400: a provider error neither client retries. */
const failureBody = JSON.stringify({
  error: {
    message: 'The model `gpt-4o-mini` does not accept this request.',
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_request',
  },
});

/** Shadow settings of each variant: a budget and concurrency no run reaches, so every sampled call is shadowed. */
function shadowOf(variant: VariantName, delayMs: number | undefined) {
  if (variant === 'off') return {};
  return {
    shadow: {
      sampleRate: variant === 'sampled' ? 1 : 0,
      ...(delayMs === undefined ? {} : { delayMs }),
      budget: { inputTokensPerHour: Number.MAX_SAFE_INTEGER },
      concurrency: 10_000,
    },
  };
}

function aiSdkFramework(
  conversation: ChatConversation,
  optimizer: FixedOptimizer,
  baseURL: string,
  delayMs?: number,
): Framework {
  const openai = createOpenAI({ apiKey: 'sk-bench', baseURL });
  const messages = [
    ...conversation.history,
    { role: 'user', content: conversation.question },
  ] as ModelMessage[];
  const middlewares = Object.fromEntries(
    VARIANTS.map((variant) => [
      variant,
      aiSdkMiddleware({
        optimizer,
        level: 'standard',
        cacheSize: 0,
        ...shadowOf(variant, delayMs),
      }),
    ]),
  ) as Record<VariantName, ReturnType<typeof aiSdkMiddleware>>;
  const calls = Object.fromEntries(
    VARIANTS.map((variant) => {
      const model = wrapLanguageModel({
        model: openai.chat('gpt-4o-mini'),
        middleware: middlewares[variant],
      });
      const call: Call = async () =>
        (
          await generateText({
            model,
            instructions: conversation.system,
            messages,
            maxRetries: 0,
          })
        ).text;
      return [variant, call];
    }),
  ) as Record<VariantName, Call>;
  return {
    calls,
    ...shadowControls(middlewares),
  };
}

function langChainFramework(
  conversation: ChatConversation,
  optimizer: FixedOptimizer,
  baseURL: string,
  delayMs?: number,
): Framework {
  const messages = [...conversation.history, { role: 'user', content: conversation.question }];
  const middlewares = Object.fromEntries(
    VARIANTS.map((variant) => [
      variant,
      langChainMiddleware({ optimizer, level: 'standard', ...shadowOf(variant, delayMs) }),
    ]),
  ) as Record<VariantName, ReturnType<typeof langChainMiddleware>>;
  const calls = Object.fromEntries(
    VARIANTS.map((variant) => {
      const agent = createAgent({
        model: new ChatOpenAI({
          model: 'gpt-4o-mini',
          apiKey: 'sk-bench',
          maxRetries: 0,
          configuration: { baseURL },
        }),
        systemPrompt: conversation.system,
        tools: [],
        middleware: [middlewares[variant]],
      });
      const call: Call = async () => {
        const state = await agent.invoke({ messages });
        return (state.messages.at(-1) as { text: string }).text;
      };
      return [variant, call];
    }),
  ) as Record<VariantName, Call>;
  return {
    calls,
    ...shadowControls(middlewares),
  };
}

interface FrameworkFigures {
  calls: number;
  /** Per variant: the user's path in ms. */
  latency: Record<VariantName, Summary>;
  /** Per variant: the time the shadow's own code held the thread on each call's path, in ms. */
  shadowCode: Record<VariantName, Summary>;
  /** Per variant against `unsampled`: differences in ms and ratios at p50, p90, p99. */
  added: Record<VariantName, { p50: number; p90: number; p99: number }>;
  ratio: Record<VariantName, { p50: number; p90: number; p99: number }>;
  /** Answers whose text differs from the unshadowed answer: must be 0. */
  answerMismatches: number;
  shadowed: Record<VariantName, number>;
  /** sampled's added p99 less the A/A difference at p99 (0 when the A/A difference is larger). */
  addedP99BeyondNoiseMs: number;
}

/**
 * Times `calls` of each variant, one call of each per step in a seeded random order. Not a
 * rotation: the default mode's shadow call fires 50 ms after its answer, and with steps of
 * a near-constant length a rotation would land it on the same variant again and again.
 */
async function measure(
  framework: Framework,
  expected: string,
  settings: { warmupCalls: number; calls: number },
  timer: { take(): number },
  /** Waits, untimed, for the shadow calls after each step: none runs during a timed call. */
  isolated = false,
): Promise<FrameworkFigures> {
  const perVariant = () =>
    Object.fromEntries(VARIANTS.map((v) => [v, [] as number[]])) as Record<VariantName, number[]>;
  const samples = perVariant();
  const shadowCode = perVariant();
  let answerMismatches = 0;
  const random = seededRandom(20261125);
  const total = settings.warmupCalls + settings.calls;
  for (let step = 0; step < total; step += 1) {
    const order = [...VARIANTS];
    for (let index = order.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    for (const variant of order) {
      timer.take();
      const started = performance.now();
      const text = await framework.calls[variant]();
      const elapsed = performance.now() - started;
      const held = timer.take();
      if (text !== expected) answerMismatches += 1;
      if (step >= settings.warmupCalls) {
        samples[variant].push(elapsed);
        shadowCode[variant].push(held);
      }
    }
    if (isolated) await framework.settled();
  }
  await framework.settled();
  const latency = Object.fromEntries(VARIANTS.map((v) => [v, summarize(samples[v])])) as Record<
    VariantName,
    Summary
  >;
  const base = latency.unsampled;
  const at = (fn: (value: number, baseline: number) => number) =>
    Object.fromEntries(
      VARIANTS.map((v) => [
        v,
        {
          p50: fn(latency[v].p50, base.p50),
          p90: fn(latency[v].p90, base.p90),
          p99: fn(latency[v].p99, base.p99),
        },
      ]),
    ) as Record<VariantName, { p50: number; p90: number; p99: number }>;
  const added = at((value, baseline) => value - baseline);
  return {
    calls: settings.calls,
    latency,
    shadowCode: summaries(shadowCode),
    added,
    ratio: at((value, baseline) => value / baseline),
    answerMismatches,
    shadowed: framework.shadowed(),
    addedP99BeyondNoiseMs: added.sampled.p99 - Math.abs(added['unsampled-again'].p99),
  };
}

function summaries(samples: Record<VariantName, number[]>): Record<VariantName, Summary> {
  return Object.fromEntries(VARIANTS.map((v) => [v, summarize(samples[v])])) as Record<
    VariantName,
    Summary
  >;
}

/** The error a failing provider gives, as the user sees it. */
async function errorOf(call: Call): Promise<string> {
  try {
    await call();
    return 'no error';
  } catch (error) {
    const { name, message } = error as Error;
    return `${(error as Error).constructor?.name ?? 'unknown'} ${name}: ${message}`;
  }
}

/** Errors through a failing provider: sampled and off must fail alike, every time. */
async function compareErrors(framework: Framework, calls: number) {
  let mismatches = 0;
  let example = { sampled: '', off: '' };
  for (let call = 0; call < calls; call += 1) {
    const sampled = await errorOf(framework.calls.sampled);
    const off = await errorOf(framework.calls.off);
    if (sampled !== off || sampled === 'no error') mismatches += 1;
    example = { sampled, off };
  }
  await framework.settled();
  return { calls, mismatches, example, shadowed: framework.shadowed().sampled };
}

interface Figures {
  /** Default settings: each shadow call runs 50 ms after its answer, during later timed calls. */
  aiSdk: FrameworkFigures;
  langChain: FrameworkFigures;
  /** `delayMs: 0`, and the shadow calls awaited (untimed) after each step. */
  isolated: { aiSdk: FrameworkFigures; langChain: FrameworkFigures };
  errors: {
    aiSdk: Awaited<ReturnType<typeof compareErrors>>;
    langChain: Awaited<ReturnType<typeof compareErrors>>;
  };
  loadAverage: { before: number[]; after: number[] };
}

function latencyTable(title: string, figures: FrameworkFigures, notes: string[]): BenchTable {
  return {
    title,
    columns: [
      'variant',
      'calls',
      'p50 µs',
      'p90 µs',
      'p99 µs',
      'added p50 µs',
      'added p90 µs',
      'added p99 µs',
      'p50 ratio',
      'p90 ratio',
      'p99 ratio',
      'shadowed',
    ],
    rows: VARIANTS.map((variant) => [
      variant,
      figures.calls,
      microseconds(figures.latency[variant].p50),
      microseconds(figures.latency[variant].p90),
      microseconds(figures.latency[variant].p99),
      microseconds(figures.added[variant].p50),
      microseconds(figures.added[variant].p90),
      microseconds(figures.added[variant].p99),
      formatRatio(figures.ratio[variant].p50),
      formatRatio(figures.ratio[variant].p90),
      formatRatio(figures.ratio[variant].p99),
      figures.shadowed[variant],
    ]),
    notes: [
      `answers whose bytes differ from the unshadowed answer: ${figures.answerMismatches}.`,
      ...notes,
    ],
  };
}

/** The shadow's own code on each call's path, in µs with one decimal (a few µs each). */
function shadowCodeTable(figures: Figures): BenchTable {
  const runs = [
    ['AI SDK', figures.aiSdk],
    ['LangChain', figures.langChain],
    ['AI SDK, isolated', figures.isolated.aiSdk],
    ['LangChain, isolated', figures.isolated.langChain],
  ] as const;
  const us = (ms: number) => (ms * 1000).toFixed(1);
  return {
    title: "Shadow code on the user's path: time it held the thread per call (µs)",
    columns: ['run', 'variant', 'calls', 'p50 µs', 'p90 µs', 'p99 µs', 'max µs'],
    rows: runs.flatMap(([run, framework]) =>
      (['unsampled', 'sampled'] as const).map((variant) => {
        const code = framework.shadowCode[variant];
        return [run, variant, code.count, us(code.p50), us(code.p90), us(code.p99), us(code.max)];
      }),
    ),
    notes: [
      "Measured in the same calls as the latency tables: performance.now() around every method of the shadow evaluator an integration calls while the user waits (begin, levelFor, admit, observed, a ticket's start and cancel, summary), summed per call. The shadow call and its judge run later, outside them. The timer's own two performance.now() calls per method are included; so is a garbage collection, or the scheduler taking the core away, that lands inside one of them (the max column).",
      'unsampled still pays begin, admit (one random draw) and, in the AI SDK, summary() for the usage metadata.',
    ],
  };
}

function goalsOf(figures: Figures) {
  const codeP99 = (framework: FrameworkFigures) => framework.shadowCode.sampled.p99;
  return [
    {
      name: "AI SDK: shadow code on a sampled call's path, p99",
      measured: Math.max(codeP99(figures.aiSdk), codeP99(figures.isolated.aiSdk)),
      comparison: '<=',
      bound: GOAL_ADDED_P99_MS,
      unit: ' ms',
    },
    {
      name: "LangChain: shadow code on a sampled call's path, p99",
      measured: Math.max(codeP99(figures.langChain), codeP99(figures.isolated.langChain)),
      comparison: '<=',
      bound: GOAL_ADDED_P99_MS,
      unit: ' ms',
    },
    {
      name: 'AI SDK: sampled p99 added beyond A/A',
      measured: figures.aiSdk.addedP99BeyondNoiseMs,
      comparison: '<=',
      bound: GOAL_ADDED_P99_MS,
      unit: ' ms',
    },
    {
      name: 'LangChain: sampled p99 added beyond A/A',
      measured: figures.langChain.addedP99BeyondNoiseMs,
      comparison: '<=',
      bound: GOAL_ADDED_P99_MS,
      unit: ' ms',
    },
    {
      name: 'AI SDK, isolated: sampled p99 added beyond A/A',
      measured: figures.isolated.aiSdk.addedP99BeyondNoiseMs,
      comparison: '<=',
      bound: GOAL_ADDED_P99_MS,
      unit: ' ms',
    },
    {
      name: 'LangChain, isolated: sampled p99 added beyond A/A',
      measured: figures.isolated.langChain.addedP99BeyondNoiseMs,
      comparison: '<=',
      bound: GOAL_ADDED_P99_MS,
      unit: ' ms',
    },
    {
      name: 'answers differing from the unshadowed one',
      measured:
        figures.aiSdk.answerMismatches +
        figures.langChain.answerMismatches +
        figures.isolated.aiSdk.answerMismatches +
        figures.isolated.langChain.answerMismatches,
      comparison: '<=',
      bound: 0,
      unit: '',
    },
    {
      name: 'errors differing with and without shadow',
      measured: figures.errors.aiSdk.mismatches + figures.errors.langChain.mismatches,
      comparison: '<=',
      bound: 0,
      unit: '',
    },
  ] as const;
}

function tables(figures: Figures, goals: GoalResult[]): BenchTable[] {
  const common = [
    'A call is timed from its start to the moment the answer resolves; the shadow calls run after, in the background, during later calls of every variant.',
    "added: the variant's pooled percentile less unsampled's; unsampled-again is the A/A comparison (the noise floor).",
    machineNote(figures.loadAverage.before),
  ];
  const isolatedNotes = [
    'Each shadow call starts as soon as its answer is out, and no timed call begins before every shadow call has ended: what a sampled call pays before its answer, background work excluded.',
    ...common.slice(1),
  ];
  const { errors } = figures;
  return [
    latencyTable(
      `AI SDK: generateText, @ai-sdk/openai, ${MESSAGES}-message chat`,
      figures.aiSdk,
      common,
    ),
    latencyTable(
      `LangChain: createAgent, @langchain/openai, ${MESSAGES}-message chat`,
      figures.langChain,
      common,
    ),
    latencyTable(
      `AI SDK, isolated: delayMs 0, the shadow calls awaited (untimed) after each step`,
      figures.isolated.aiSdk,
      isolatedNotes,
    ),
    latencyTable(
      `LangChain, isolated: delayMs 0, the shadow calls awaited (untimed) after each step`,
      figures.isolated.langChain,
      isolatedNotes,
    ),
    {
      title: 'A failing provider (HTTP 400): the error with shadow (sampleRate 1) and without',
      columns: ['framework', 'calls', 'mismatches', 'shadowed', 'error seen'],
      rows: [
        [
          'AI SDK',
          errors.aiSdk.calls,
          errors.aiSdk.mismatches,
          errors.aiSdk.shadowed,
          errors.aiSdk.example.sampled,
        ],
        [
          'LangChain',
          errors.langChain.calls,
          errors.langChain.mismatches,
          errors.langChain.shadowed,
          errors.langChain.example.sampled,
        ],
      ],
    },
    shadowCodeTable(figures),
    goalsTable('Shadow overhead: goals', goals),
  ];
}

/** Measures, writes `bench/results/shadow-overhead.json` and returns the tables. */
export async function run(options: Partial<SuiteOptions> = {}): Promise<BenchTable[]> {
  const scale = options.scale ?? 1;
  const settings = {
    warmupCalls: scaled(200, scale, 20),
    calls: scaled(2000, scale, 100),
    errorCalls: scaled(50, scale, 5),
    messages: MESSAGES,
  };
  const loadAverageBefore = loadavg();
  const conversation = chatConversation({ messages: MESSAGES });
  const optimizer = await fixedOptimizerFrom(
    new LocalContextOptimizer({ limitTokens: Number.MAX_SAFE_INTEGER }),
    compressParamsOf(conversation),
  );
  // In processes of their own: a real model is remote, and a server in this process (even
  // in a worker thread) shares its garbage collector and its thread pool with the calls.
  const server = await startLoopbackServer({ body: completionBody, thread: 'process' });
  const failing = await startLoopbackServer({
    body: failureBody,
    status: 400,
    thread: 'process',
  });
  const timer = timeShadowPath();
  try {
    const aiSdk = await measure(
      aiSdkFramework(conversation, optimizer, `${server.url}/v1`),
      MODEL_ANSWER,
      settings,
      timer,
    );
    const langChain = await measure(
      langChainFramework(conversation, optimizer, `${server.url}/v1`),
      MODEL_ANSWER,
      settings,
      timer,
    );
    const isolated = {
      aiSdk: await measure(
        aiSdkFramework(conversation, optimizer, `${server.url}/v1`, 0),
        MODEL_ANSWER,
        settings,
        timer,
        true,
      ),
      langChain: await measure(
        langChainFramework(conversation, optimizer, `${server.url}/v1`, 0),
        MODEL_ANSWER,
        settings,
        timer,
        true,
      ),
    };
    const errors = {
      aiSdk: await compareErrors(
        aiSdkFramework(conversation, optimizer, `${failing.url}/v1`),
        settings.errorCalls,
      ),
      langChain: await compareErrors(
        langChainFramework(conversation, optimizer, `${failing.url}/v1`),
        settings.errorCalls,
      ),
    };
    const figures: Figures = {
      aiSdk,
      langChain,
      isolated,
      errors,
      loadAverage: { before: loadAverageBefore, after: loadavg() },
    };
    const goals = checkGoals(goalsOf(figures));
    if (scale === 1) await writeResults('shadow-overhead', { settings, ...figures, goals });
    return tables(figures, goals);
  } finally {
    timer.restore();
    await server.close();
    await failing.close();
  }
}

if (import.meta.main) {
  const { printTables } = await import('./support/table.ts');
  printTables(await run({ scale: Number(process.env.CTXOPT_BENCH_SCALE ?? 1) }));
}

/** The shadow figures and the wait for background shadow calls, of each variant's middleware. */
function shadowControls(
  middlewares: Record<
    VariantName,
    { shadow: { summary(): { shadowed: number }; settled(): Promise<void> } }
  >,
): Pick<Framework, 'shadowed' | 'settled'> {
  return {
    shadowed: () =>
      Object.fromEntries(
        VARIANTS.map((variant) => [variant, middlewares[variant].shadow.summary().shadowed]),
      ) as Record<VariantName, number>,
    settled: async () => {
      for (const variant of VARIANTS) await middlewares[variant].shadow.settled();
    },
  };
}
