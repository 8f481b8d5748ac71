/**
 * `pnpm bench conversation-cost`: what compression costs and saves in an agent
 * conversation once the provider's prompt cache is counted. 30- and 100-turn
 * conversations with one 40-record tool call per turn, through `generateText` with
 * `@ai-sdk/anthropic` and through `createAgent` with `@langchain/anthropic`, each against a
 * loopback fake of its provider's API, priced with Anthropic's and OpenAI's cache
 * schedules (support/pricing-*.ts), for three variants:
 *   - uncompressed: no middleware; the provider caches the conversation (the baseline)
 *   - rewrite: the middleware compressing the history against each new question, so the
 *     compressed text changes every turn
 *   - blocks: the middleware with its defaults (block mode) and the ctxopt_retrieve tool
 * Then ten questions about the first ten turns' tool results are asked after the last
 * turn; retention is the share whose fact reached the model. Block mode is then run on every
 * tool-output shape under each pricing rule, and beside the peers (support/peer-variants.ts:
 * pruneMessages, Anthropic's clear_tool_uses, LangChain's context editing and summarization)
 * on record, prose and JSON outputs at 30 and 100 turns and on one 14-step tool loop.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  type ContextOptimizerMiddlewareOptions,
  createRetrieveTool,
} from '../packages/ai-sdk/src/index.ts';
import { MemoryCompressionStore } from '../packages/core/src/index.ts';
import { type ConversationMetrics, measureConversation } from './support/conversation-metrics.ts';
import {
  type ConversationRecord,
  runAiSdkConversation,
} from './support/cost-conversation-ai-sdk.ts';
import { runLangChainConversation } from './support/cost-conversation-langchain.ts';
import {
  lateQuestions,
  type RecordShape,
  recordShapes,
  turnsConversation,
} from './support/lookup-agent.ts';
import { peerChartPoints, peerTable, runPeers } from './support/peer-table.ts';
import { writeResults } from './support/results.ts';
import { type SuiteOptions, scaled } from './support/suite.ts';
import { lineChartSvg, scatterChartSvg } from './support/svg-chart.ts';
import { type BenchTable, formatRatio } from './support/table.ts';

type Framework = 'ai-sdk' | 'langchain';
type VariantName = 'uncompressed' | 'rewrite' | 'blocks';

/** The AI SDK conversation in block mode, with its own store and `ctxopt_retrieve`. */
function runAiSdkBlockMode(
  middleware: ContextOptimizerMiddlewareOptions,
  turns: number,
  questions: ReturnType<typeof lateQuestions>,
  shape: RecordShape = 'records',
): Promise<ConversationRecord> {
  const store = new MemoryCompressionStore();
  return runAiSdkConversation(
    {
      middleware: { store, ...middleware },
      // The middleware's optimizer: the tool looks originals up under the same scope.
      retrieveTool: (optimizer) => ({ ctxopt_retrieve: createRetrieveTool({ store, optimizer }) }),
    },
    turnsConversation(turns, shape),
    questions,
  );
}

/** One conversation of `turns` turns through a framework, under one variant. */
function runVariant(
  framework: Framework,
  variant: VariantName,
  turns: number,
  questions: ReturnType<typeof lateQuestions>,
  shape: RecordShape = 'records',
): Promise<ConversationRecord> {
  const conversation = turnsConversation(turns, shape);
  if (framework === 'ai-sdk') {
    if (variant === 'uncompressed')
      return runAiSdkConversation({ appCaching: true }, conversation, questions);
    if (variant === 'rewrite')
      return runAiSdkConversation(
        { middleware: { blocks: false }, appCaching: true },
        conversation,
        questions,
      );
    return runAiSdkBlockMode({}, turns, questions, shape);
  }
  if (variant === 'uncompressed')
    return runLangChainConversation({ appCaching: true }, conversation, questions);
  if (variant === 'rewrite')
    return runLangChainConversation(
      { middleware: { blocks: false }, appCaching: true },
      conversation,
      questions,
    );
  return runLangChainConversation(
    { middleware: { store: new MemoryCompressionStore() }, retrieve: true },
    conversation,
    questions,
  );
}

const frameworks: Record<Framework, string> = {
  'ai-sdk': 'AI SDK generateText, @ai-sdk/anthropic',
  langchain: 'LangChain createAgent, @langchain/anthropic',
};
const variantNames: VariantName[] = ['uncompressed', 'rewrite', 'blocks'];

/** Where each run's Anthropic cache breakpoints come from. */
const anthropicNote: Record<Framework, string[]> = {
  'ai-sdk': [
    'only the breakpoints the request carries (the uncompressed and rewrite apps set cache_control on each request;',
    'block mode places its own), a read found within 20 blocks before a breakpoint, no prefix under 1,024 tokens cached.',
  ],
  langchain: [
    'only the breakpoints the request carries (the uncompressed and rewrite apps add anthropicPromptCachingMiddleware;',
    'block mode places its own), a read found within 20 blocks before a breakpoint, no prefix under 1,024 tokens cached.',
  ],
};

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export async function run(options: Partial<SuiteOptions> = {}): Promise<BenchTable[]> {
  const scale = options.scale ?? 1;
  const lengths = [scaled(30, scale, 3), scaled(100, scale, 5)];
  const results: Record<string, Record<string, ConversationMetrics>> = {};
  const tables: BenchTable[] = [];
  for (const framework of Object.keys(frameworks) as Framework[]) {
    for (const turns of lengths) {
      const questions = lateQuestions(10, Math.min(10, turns));
      const key = `${framework}-${turns}`;
      results[key] = {};
      for (const name of variantNames) {
        results[key]![name] = measureConversation(
          await runVariant(framework, name, turns, questions),
          turns,
        );
      }
      const baseline = results[key]!.uncompressed!;
      tables.push({
        title: `conversation-cost: ${turns} turns, one 40-record tool call each (${frameworks[framework]})`,
        columns: [
          'variant',
          'model calls',
          'cost, Anthropic',
          'vs uncompressed',
          'cost, OpenAI',
          'vs uncompressed',
          'prefix reused',
          'prompt from previous',
          'compress calls/turn',
          'sent / conversation',
          'broken tool pairs',
          'current answers complete',
          'retention',
        ],
        rows: variantNames.map((name) => {
          const metrics = results[key]![name]!;
          return [
            name,
            metrics.modelCalls,
            Math.round(metrics.anthropicCost),
            formatRatio(metrics.anthropicCost / baseline.anthropicCost),
            Math.round(metrics.openaiCost),
            formatRatio(metrics.openaiCost / baseline.openaiCost),
            percent(metrics.meanPrefixReuse),
            percent(metrics.meanPrefixShareOfNext),
            metrics.compressCallsPerTurn.toFixed(2),
            `${metrics.charactersSentRatio.toFixed(2)}x`,
            metrics.brokenToolPairs,
            percent(metrics.currentAnswersComplete),
            `${percent(metrics.retention)} (${formatRatio(metrics.retention / baseline.retention)})`,
          ];
        }),
        notes: [
          'Cost: input tokens (o200k) in base-input-token units. Anthropic: cache reads 0.1x, writes 1.25x, the rest 1x;',
          ...anthropicNote[framework],
          'OpenAI: the longest prefix shared with an earlier prompt (1,024 tokens or more, in steps of 128) at 0.1x, the rest 1x.',
          'Prefix reused: share of each call’s prompt that the next call sends again as its prefix (what the cache serves).',
          'Prompt from previous: share of each call’s prompt that is the previous call’s prefix.',
          'Current answers complete: share of turns whose answer had every record it needs (the batch’s pending orders)',
          'in front of the model in one of the turn’s calls.',
          'Retention: of 10 questions about the first ten turns asked after the last turn, the share whose fact reached',
          'the model (in the prompt or through ctxopt_retrieve), and its ratio to the uncompressed conversation.',
        ],
      });
    }
  }
  tables.push(await tradeOffTable(lengths[0]!));
  const shapes = await shapesTable(lengths[0]!);
  tables.push(shapes.table);
  const peers = await runPeers(scale);
  tables.push(peerTable(peers));
  if (scale === 1) {
    const directory = fileURLToPath(new URL('./results/', import.meta.url));
    await writeFile(
      `${directory}conversation-cost-peers.svg`,
      scatterChartSvg(
        'Cost against late recall of early facts: ctxopt and the peers, every conversation (Anthropic breakpoints)',
        'input cost, ratio to no compression with caching (same framework, same run)',
        'late recall of early facts',
        peerChartPoints(peers),
      ),
    );
    for (const turns of lengths) {
      const byVariant = results[`ai-sdk-${turns}`]!;
      const svg = lineChartSvg(
        `Cumulative input cost, ${turns}-turn agent conversation (AI SDK, Anthropic cache prices)`,
        'turn',
        'base-input-token units',
        variantNames.map((name) => ({ name, values: byVariant[name]!.cumulativeCost })),
      );
      await writeFile(`${directory}conversation-cost-${turns}.svg`, svg);
    }
    await writeResults('conversation-cost', {
      settings: { lengths, lateQuestions: 10, recordsPerLookup: 40, shapes: recordShapes },
      shapes: shapes.results,
      peers,
      results: Object.fromEntries(
        Object.entries(results).map(([run, byVariant]) => [
          run,
          Object.fromEntries(
            Object.entries(byVariant).map(([name, { cumulativeCost, ...metrics }]) => [
              name,
              metrics,
            ]),
          ),
        ]),
      ),
    });
  }
  return tables;
}

/**
 * Block mode's defaults on every tool-output shape (records a line, prose paragraphs, a JSON
 * array, a mix) in both frameworks, priced under each way providers bill caching: Anthropic's
 * explicit breakpoints (what each request carries, 20-block lookback, 1,024-token minimum),
 * automatic prefix caching at Anthropic's prices, and OpenAI's automatic caching. Each cost
 * is against the uncompressed conversation with caching, same shape, same rule, same run.
 */
async function shapesTable(turns: number) {
  const rows: (string | number)[][] = [];
  const results: Record<string, Record<string, Omit<ConversationMetrics, 'cumulativeCost'>>> = {};
  for (const framework of Object.keys(frameworks) as Framework[]) {
    for (const shape of recordShapes) {
      const questions = lateQuestions(10, Math.min(10, turns), shape);
      const measured = {} as Record<'uncompressed' | 'blocks', ConversationMetrics>;
      for (const variant of ['uncompressed', 'blocks'] as const) {
        measured[variant] = measureConversation(
          await runVariant(framework, variant, turns, questions, shape),
          turns,
        );
      }
      const { uncompressed: baseline, blocks } = measured;
      const { cumulativeCost: _baseline, ...baselineFigures } = baseline;
      const { cumulativeCost: _blocks, ...blockFigures } = blocks;
      results[`${framework}-${shape}`] = { uncompressed: baselineFigures, blocks: blockFigures };
      rows.push([
        framework,
        shape,
        formatRatio(blocks.anthropicCost / baseline.anthropicCost),
        formatRatio(blocks.anthropicAutomaticCost / baseline.anthropicAutomaticCost),
        formatRatio(blocks.openaiCost / baseline.openaiCost),
        percent(blocks.meanPrefixReuse),
        percent(blocks.currentAnswersComplete),
        `${percent(blocks.retention)} (${formatRatio(blocks.retention / baseline.retention)})`,
      ]);
    }
  }
  const table: BenchTable = {
    title: `conversation-cost: block mode on every tool-output shape and pricing rule, ${turns} turns`,
    columns: [
      'framework',
      'tool output',
      'Anthropic, breakpoints',
      'Anthropic, automatic',
      'OpenAI, automatic',
      'prefix reused',
      'current answers complete',
      'late recall (vs uncompressed)',
    ],
    rows,
    notes: [
      'Costs: block mode with its defaults against the uncompressed conversation with caching, same shape, same rule, same run.',
      'Anthropic, breakpoints: only the breakpoints each request carries, a read found within 20 blocks before one,',
      'no prefix under 1,024 tokens cached. Anthropic, automatic: every prompt cached to its end, the next one reading',
      'its longest common prefix with the previous prompt at 0.1x and writing the rest at 1.25x. OpenAI: the longest',
      'prefix shared with an earlier prompt (1,024 tokens or more, in steps of 128) at 0.1x.',
      'Tool output: 40 records a lookup, one a line (records), one paragraph with a sentence each (prose), a JSON',
      'array (json), or batch by batch one of the three (mix). Late recall: of 10 questions about the first ten turns',
      'asked after the last turn, the share whose record reached the model, and its ratio to the uncompressed run.',
    ],
  };
  return { table, results };
}

/**
 * Block mode's settings against each other on the AI SDK conversation: what a setting
 * saves, how much of each prompt the next call reuses, and whether the model still reads
 * what the current answer needs. A tool result must be read whole in its own turn and then
 * leave the prompt to save money, and its leaving ends the prefix the next call shares:
 * the defaults keep it whole for its turn; compressing it as it arrives reuses every prefix
 * but the model answers from the compression.
 */
async function tradeOffTable(turns: number): Promise<BenchTable> {
  const questions = lateQuestions(10, Math.min(10, turns));
  const settings: { name: string; middleware: ContextOptimizerMiddlewareOptions }[] = [
    { name: 'defaults', middleware: {} },
    { name: "level: 'standard'", middleware: { level: 'standard' } },
    { name: 'toolResults: { keepLast: 0 }', middleware: { toolResults: { keepLast: 0 } } },
  ];
  const baseline = measureConversation(
    await runAiSdkConversation({ appCaching: true }, turnsConversation(turns), questions),
    turns,
  );
  const rows: (string | number)[][] = [];
  for (const setting of settings) {
    const metrics = measureConversation(
      await runAiSdkBlockMode(setting.middleware, turns, questions),
      turns,
    );
    rows.push([
      setting.name,
      formatRatio(metrics.anthropicCost / baseline.anthropicCost),
      formatRatio(metrics.openaiCost / baseline.openaiCost),
      percent(metrics.meanPrefixReuse),
      percent(metrics.currentAnswersComplete),
      percent(metrics.retention),
    ]);
  }
  return {
    title: `conversation-cost: what block mode trades, ${turns} turns (${frameworks['ai-sdk']})`,
    columns: [
      'block mode setting',
      'cost, Anthropic',
      'cost, OpenAI',
      'prefix reused',
      'current answers complete',
      'retention',
    ],
    rows,
    notes: [
      'Costs against the uncompressed conversation with caching, measured in the same run. A result the model reads',
      'whole in its turn and that is compressed afterwards ends the prefix the next call shares; compressing results',
      'as they arrive keeps every prefix, but the model answers the current question from the compression.',
    ],
  };
}

if (import.meta.main) {
  const { printTables } = await import('./support/table.ts');
  printTables(await run());
}
