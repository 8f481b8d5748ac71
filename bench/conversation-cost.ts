/**
 * `pnpm bench conversation-cost`: what compression costs and saves in an agent
 * conversation once the provider's prompt cache is counted. 30- and 100-turn
 * conversations with one 40-record tool call per turn, through `generateText` with
 * `@ai-sdk/anthropic` against a loopback fake of Anthropic's API, priced with Anthropic's
 * and OpenAI's cache schedules (support/cache-pricing.ts), for three variants:
 *   - uncompressed: no middleware; the provider caches the conversation (the baseline)
 *   - rewrite: the middleware compressing the history against each new question, so the
 *     compressed text changes every turn
 *   - blocks: the middleware with its defaults (block mode) and the ctxopt_retrieve tool
 * Then ten questions about the first ten turns' tool results are asked after the last
 * turn; retention is the share whose fact reached the model.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createRetrieveTool } from '../packages/ai-sdk/src/index.ts';
import { MemoryCompressionStore } from '../packages/core/src/index.ts';
import { type ConversationMetrics, measureConversation } from './support/conversation-metrics.ts';
import { type CostVariant, runAiSdkConversation } from './support/cost-conversation-ai-sdk.ts';
import { lateQuestions } from './support/lookup-agent.ts';
import { writeResults } from './support/results.ts';
import { type SuiteOptions, scaled } from './support/suite.ts';
import { lineChartSvg } from './support/svg-chart.ts';
import { type BenchTable, formatRatio } from './support/table.ts';

function variants(): Record<string, () => CostVariant> {
  return {
    uncompressed: () => ({}),
    rewrite: () => ({ middleware: { blocks: false } }),
    blocks: () => {
      const store = new MemoryCompressionStore();
      return {
        middleware: { store },
        retrieveTool: () => ({ ctxopt_retrieve: createRetrieveTool({ store }) }),
      };
    },
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

export async function run(options: Partial<SuiteOptions> = {}): Promise<BenchTable[]> {
  const scale = options.scale ?? 1;
  const lengths = [scaled(30, scale, 3), scaled(100, scale, 5)];
  const results: Record<string, Record<string, ConversationMetrics>> = {};
  const tables: BenchTable[] = [];
  for (const turns of lengths) {
    const questions = lateQuestions(10, Math.min(10, turns));
    results[turns] = {};
    for (const [name, variant] of Object.entries(variants())) {
      const record = await runAiSdkConversation(variant(), turns, questions);
      results[turns]![name] = measureConversation(record, turns);
    }
    const baseline = results[turns]!.uncompressed!;
    tables.push({
      title: `conversation-cost: ${turns} turns, one 40-record tool call each (AI SDK, @ai-sdk/anthropic)`,
      columns: [
        'variant',
        'model calls',
        'cost, Anthropic',
        'vs uncompressed',
        'cost, OpenAI',
        'vs uncompressed',
        'prefix reuse',
        'compress calls/turn',
        'sent / conversation',
        'broken tool pairs',
        'retention',
      ],
      rows: Object.entries(results[turns]!).map(([name, metrics]) => [
        name,
        metrics.modelCalls,
        Math.round(metrics.anthropicCost),
        formatRatio(metrics.anthropicCost / baseline.anthropicCost),
        Math.round(metrics.openaiCost),
        formatRatio(metrics.openaiCost / baseline.openaiCost),
        percent(metrics.meanPrefixReuse),
        metrics.compressCallsPerTurn.toFixed(2),
        `${metrics.charactersSentRatio.toFixed(2)}x`,
        metrics.brokenToolPairs,
        `${percent(metrics.retention)} (${formatRatio(metrics.retention / baseline.retention)})`,
      ]),
      notes: [
        'Cost: input tokens (o200k) priced in base-input-token units: Anthropic reads 0.1x, writes 1.25x, the rest 1x;',
        'OpenAI cached input 0.1x, the rest 1x. Prefix reuse: tokens each call shares with the previous call, over its size.',
        'Retention: of 10 questions about the first ten turns asked after the last turn, the share whose fact reached the model.',
      ],
    });
  }
  if (scale === 1) {
    const directory = fileURLToPath(new URL('./results/', import.meta.url));
    for (const turns of lengths) {
      const svg = lineChartSvg(
        `Cumulative input cost, ${turns}-turn agent conversation (Anthropic cache prices)`,
        'turn',
        'base-input-token units',
        Object.entries(results[turns]!).map(([name, metrics]) => ({
          name,
          values: metrics.cumulativeCost,
        })),
      );
      await writeFile(`${directory}conversation-cost-${turns}.svg`, svg);
    }
    await writeResults('conversation-cost', {
      settings: { lengths, lateQuestions: 10, recordsPerLookup: 40 },
      results: Object.fromEntries(
        Object.entries(results).map(([turns, byVariant]) => [
          turns,
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

if (import.meta.main) {
  const { printTables } = await import('./support/table.ts');
  printTables(await run());
}
