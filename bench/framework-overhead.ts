/**
 * Framework overhead: what the AI SDK middleware and the LangChain runnable add to a model
 * call beyond the compression call itself, for a 200-message chat. In each framework the
 * baseline does the same compression by hand (`optimizer.compress`, then the model call
 * with the compressed text), interleaved in rounds with:
 *   - AI SDK: `generateText` on `wrapLanguageModel(model, contextOptimizerMiddleware(...))`
 *   - LangChain: `prompt.pipe(new ContextOptimizerRunnable(...)).pipe(model)`
 *   - uncompressed: the whole chat through the framework, no compression at all
 * The optimizer answers a fixed response computed once by the local engine, so the
 * adapter's own time is not drowned by the engine's; a last group runs the real local
 * engine for context. Every figure is against the baseline measured in the same run.
 */
import { loadavg } from 'node:os';
import { LocalContextOptimizer } from '../packages/local/src/index.ts';
import { aiSdkVariants } from './support/ai-sdk-variants.ts';
import { chatConversation, compressParamsOf } from './support/chat-conversation.ts';
import { mapVariants } from './support/compare.ts';
import { fixedOptimizerFrom } from './support/fixed-optimizer.ts';
import { checkFrameworkVariants, type FrameworkVariant } from './support/framework-variant.ts';
import { checkGoals, type GoalResult, goalsTable } from './support/goals.ts';
import { langChainVariants } from './support/langchain-variants.ts';
import { timeSequential } from './support/load.ts';
import { machineNote, writeResults } from './support/results.ts';
import {
  compareOverhead,
  type OverheadFigures,
  timeSequentialRounds,
} from './support/sequential-rounds.ts';
import { type SuiteOptions, scaled } from './support/suite.ts';
import { type BenchTable, formatRatio, microseconds } from './support/table.ts';

/** Messages in the chat: a system message, 198 alternating turns, the question. */
const MESSAGES = 200;
/** The goal: each adapter adds under this many milliseconds per call. */
const GOAL_ADDED_MS = 1;

interface Figures {
  aiSdk: Record<'manual' | 'middleware' | 'uncompressed', OverheadFigures>;
  langChain: Record<'manual' | 'runnable' | 'uncompressed', OverheadFigures>;
  /** The same adapters with the real local engine behind them. */
  localEngine: {
    aiSdk: Record<'manual' | 'middleware', OverheadFigures>;
    langChain: Record<'manual' | 'runnable', OverheadFigures>;
  };
  loadAverage: { before: number[]; after: number[] };
}

function goalsOf(figures: Figures) {
  const added = (name: string, measured: number) =>
    ({ name, measured, comparison: '<', bound: GOAL_ADDED_MS, unit: ' ms' }) as const;
  const { aiSdk, langChain } = figures;
  return [
    added('AI SDK middleware, added p50 per call', aiSdk.middleware.addedMs),
    added('AI SDK middleware, added CPU per call', aiSdk.middleware.addedCpuMicros / 1000),
    added('LangChain runnable, added p50 per call', langChain.runnable.addedMs),
    added('LangChain runnable, added CPU per call', langChain.runnable.addedCpuMicros / 1000),
  ];
}

const millis = (ms: number) => ms.toFixed(2);

function overheadTable(
  title: string,
  baseline: string,
  rows: Record<string, OverheadFigures>,
  notes: string[],
): BenchTable {
  return {
    title,
    columns: [
      'variant',
      'calls',
      'p50 µs',
      'p99 µs',
      'added µs',
      `p50 / ${baseline}`,
      'CPU µs/call',
      'added CPU µs',
      `CPU / ${baseline}`,
    ],
    rows: Object.entries(rows).map(([name, row]) => [
      name,
      row.calls,
      microseconds(row.p50Ms),
      microseconds(row.p99Ms),
      microseconds(row.addedMs),
      formatRatio(row.p50Ratio),
      Math.round(row.cpuMicrosPerCall),
      Math.round(row.addedCpuMicros),
      formatRatio(row.cpuRatio),
    ]),
    notes,
  };
}

function tables(figures: Figures, goals: GoalResult[]): BenchTable[] {
  const machine = machineNote(figures.loadAverage.before);
  const common = [
    'added: median over rounds of the per-round difference to manual; ratios: median of per-round ratios; p99 pooled.',
    'CPU: time the calling thread spent per call (everything runs in that thread here).',
    machine,
  ];
  const local = figures.localEngine;
  return [
    overheadTable(
      `AI SDK: generateText, ${MESSAGES}-message chat, fixed-answer optimizer`,
      'manual',
      figures.aiSdk,
      [
        'manual: optimizer.compress by hand, then generateText on the bare model (the baseline).',
        'middleware: generateText on wrapLanguageModel(model, contextOptimizerMiddleware({ optimizer, cacheSize: 0 })); cacheSize 0 turns off its reuse of unchanged spans, so every call plans and compresses.',
        "uncompressed: the whole chat on the bare model, no compression: the SDK's own cost of a long prompt.",
        ...common,
      ],
    ),
    overheadTable(
      `LangChain: prompt | model, ${MESSAGES}-message chat, fixed-answer optimizer`,
      'manual',
      figures.langChain,
      [
        'manual: optimizer.compress by hand, then prompt.pipe(model) with the compressed history (the baseline).',
        'runnable: prompt.pipe(new ContextOptimizerRunnable({ optimizer, cacheSize: 0 })).pipe(model);',
        '  cacheSize 0 turns off its cache of recent compressions, so every call plans and compresses.',
        'uncompressed: the whole history through prompt.pipe(model), no compression.',
        ...common,
      ],
    ),
    {
      title: 'Both adapters with the real local engine (LocalContextOptimizer), for context',
      columns: [
        'variant',
        'calls',
        'p50 ms',
        'added ms',
        'p50 / manual',
        'CPU ms/call',
        'CPU / manual',
      ],
      rows: (
        [
          ['AI SDK manual', local.aiSdk.manual],
          ['AI SDK middleware', local.aiSdk.middleware],
          ['LangChain manual', local.langChain.manual],
          ['LangChain runnable', local.langChain.runnable],
        ] as const
      ).map(([name, row]) => [
        name,
        row.calls,
        millis(row.p50Ms),
        millis(row.addedMs),
        formatRatio(row.p50Ratio),
        millis(row.cpuMicrosPerCall / 1000),
        formatRatio(row.cpuRatio),
      ]),
      notes: [
        'Each adapter against its own manual baseline; the engine compresses the whole history each call.',
        machine,
      ],
    },
    goalsTable('Framework overhead: goals', goals),
  ];
}

const tasksOf = <Name extends string>(variants: Record<Name, FrameworkVariant>) =>
  mapVariants(variants, (variant) => variant.task);

/** Measures, writes `bench/results/framework-overhead.json` and returns the tables. */
export async function run(options: Partial<SuiteOptions> = {}): Promise<BenchTable[]> {
  const scale = options.scale ?? 1;
  const settings = {
    warmupCalls: scaled(500, scale, 20),
    rounds: scaled(30, scale, 3),
    // Rounds of several milliseconds of CPU: the thread's CPU clock is coarse over shorter ones.
    callsPerRound: scaled(400, scale, 200),
    localWarmupCalls: scaled(10, scale, 2),
    localRounds: scaled(12, scale, 3),
    localCallsPerRound: scaled(12, scale, 2),
    messages: MESSAGES,
  };
  const loadAverageBefore = loadavg();
  const conversation = chatConversation({ messages: MESSAGES });
  // The quota would run out long before the run does: the engine, not the ledger, is measured.
  const engine = () => new LocalContextOptimizer({ limitTokens: Number.MAX_SAFE_INTEGER });
  const fixed = await fixedOptimizerFrom(engine(), compressParamsOf(conversation));
  const aiSdk = aiSdkVariants(conversation, fixed);
  const langChain = langChainVariants(conversation, fixed);
  const localAiSdk = aiSdkVariants(conversation, engine());
  const localLangChain = langChainVariants(conversation, engine());
  const local = {
    'ai-sdk manual': localAiSdk.manual,
    'ai-sdk middleware': localAiSdk.middleware,
    'langchain manual': localLangChain.manual,
    'langchain runnable': localLangChain.runnable,
  };
  const check = async () => {
    const uncompressedLength = MESSAGES;
    await checkFrameworkVariants('AI SDK', aiSdk, {
      baseline: 'manual',
      uncompressedLength,
      optimizer: fixed,
    });
    await checkFrameworkVariants('LangChain', langChain, {
      baseline: 'manual',
      uncompressedLength,
      optimizer: fixed,
    });
    await checkFrameworkVariants('local AI SDK', localAiSdk, {
      baseline: 'manual',
      uncompressedLength,
    });
    await checkFrameworkVariants('local LangChain', localLangChain, {
      baseline: 'manual',
      uncompressedLength,
    });
  };
  await check();

  for (const variant of [...Object.values(aiSdk), ...Object.values(langChain)]) {
    await timeSequential(variant.task, settings.warmupCalls);
  }
  for (const variant of Object.values(local))
    await timeSequential(variant.task, settings.localWarmupCalls);

  const rounds = { rounds: settings.rounds, calls: settings.callsPerRound };
  const aiSdkSamples = await timeSequentialRounds(tasksOf(aiSdk), rounds);
  const langChainSamples = await timeSequentialRounds(tasksOf(langChain), rounds);
  const localSamples = await timeSequentialRounds(tasksOf(local), {
    rounds: settings.localRounds,
    calls: settings.localCallsPerRound,
  });
  // Again after the timed calls: none of them may have fallen open along the way.
  await check();

  const figures: Figures = {
    aiSdk: compareOverhead(aiSdkSamples, 'manual'),
    langChain: compareOverhead(langChainSamples, 'manual'),
    localEngine: {
      aiSdk: compareOverhead(
        { manual: localSamples['ai-sdk manual'], middleware: localSamples['ai-sdk middleware'] },
        'manual',
      ),
      langChain: compareOverhead(
        {
          manual: localSamples['langchain manual'],
          runnable: localSamples['langchain runnable'],
        },
        'manual',
      ),
    },
    loadAverage: { before: loadAverageBefore, after: loadavg() },
  };
  const goals = checkGoals(goalsOf(figures));
  const usage = fixed.response.usage.request;
  const chat = {
    messages: MESSAGES,
    historyCharacters: conversation.history.reduce(
      (sum, message) => sum + message.content.length,
      0,
    ),
    inputTokens: usage.inputTokens,
    compressedTokens: usage.compressedTokens,
  };
  // Only a full run replaces the committed figures; a smoke run just prints.
  if (scale === 1) await writeResults('framework-overhead', { settings, chat, ...figures, goals });
  return tables(figures, goals);
}

if (import.meta.main) {
  const { printTables } = await import('./support/table.ts');
  printTables(await run({ scale: Number(process.env.CTXOPT_BENCH_SCALE ?? 1) }));
}
