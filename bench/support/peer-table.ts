import { type ConversationMetrics, measureConversation } from './conversation-metrics.ts';
import {
  type AgentConversation,
  lateQuestions,
  loopConversation,
  type RecordShape,
  turnsConversation,
} from './lookup-agent.ts';
import { type PeerFramework, peerVariants } from './peer-variants.ts';
import { scaled } from './suite.ts';
import type { ChartPoint } from './svg-chart.ts';
import { type BenchTable, formatRatio } from './table.ts';

/** One variant on one conversation, its costs as ratios to the same framework's baseline. */
export interface PeerRow {
  conversation: string;
  framework: PeerFramework;
  variant: string;
  anthropicBreakpoints: number;
  anthropicAutomatic: number;
  openai: number;
  lateRecall: number;
  baselineRecall: number;
  currentAnswersComplete: number;
  invalidRequests: number;
  addedMsPerStep: number;
  sideCalls: number;
}

const frameworkNames: Record<PeerFramework, string> = {
  'ai-sdk': 'AI SDK',
  langchain: 'LangChain',
};

/**
 * The conversations every peer runs: record lines, prose and JSON tool outputs at 30 and
 * 100 turns, and one user turn with a 14-step tool loop.
 */
export function peerConversations(scale: number): AgentConversation[] {
  const shapes: RecordShape[] = ['records', 'prose', 'json'];
  const lengths = [scaled(30, scale, 3), scaled(100, scale, 5)];
  return [
    ...lengths.flatMap((turns) => shapes.map((shape) => turnsConversation(turns, shape))),
    loopConversation(14, 'records'),
  ];
}

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** Runs every peer on every conversation; each framework's baseline first, in the same run. */
export async function runPeers(scale: number) {
  const rows: PeerRow[] = [];
  for (const conversation of peerConversations(scale)) {
    const early = Math.min(10, conversation.batches.flat().length);
    const questions = lateQuestions(10, early, conversation.shape);
    for (const framework of ['ai-sdk', 'langchain'] as const) {
      const variants = peerVariants.filter((variant) => variant.framework === framework);
      let baseline: ConversationMetrics | undefined;
      for (const variant of variants) {
        const record = await variant.run(conversation, questions);
        const metrics = measureConversation(record, conversation.questions.length);
        baseline ??= metrics;
        rows.push({
          conversation: conversation.name,
          framework,
          variant: variant.name,
          anthropicBreakpoints: metrics.anthropicCost / baseline.anthropicCost,
          anthropicAutomatic: metrics.anthropicAutomaticCost / baseline.anthropicAutomaticCost,
          openai: metrics.openaiCost / baseline.openaiCost,
          lateRecall: metrics.retention,
          baselineRecall: baseline.retention,
          currentAnswersComplete: metrics.currentAnswersComplete,
          invalidRequests: metrics.invalidRequests,
          addedMsPerStep: metrics.msPerCall - baseline.msPerCall,
          sideCalls: metrics.sideCalls,
        });
      }
    }
  }
  return rows;
}

export function peerTable(rows: readonly PeerRow[]): BenchTable {
  return {
    title: 'conversation-cost: ctxopt beside the peers, same conversations, same run',
    columns: [
      'conversation',
      'framework',
      'variant',
      'Anthropic, breakpoints',
      'Anthropic, automatic',
      'OpenAI, automatic',
      'late recall',
      'current answers complete',
      'invalid requests',
      'added ms/step',
    ],
    rows: rows.map((row) => [
      row.conversation,
      frameworkNames[row.framework],
      row.variant,
      formatRatio(row.anthropicBreakpoints),
      formatRatio(row.anthropicAutomatic),
      formatRatio(row.openai),
      percent(row.lateRecall),
      percent(row.currentAnswersComplete),
      row.invalidRequests,
      row.addedMsPerStep.toFixed(1),
    ]),
    notes: [
      'Costs: input cost (o200k tokens, base-input-token units) as a ratio to the same framework’s app with no',
      'compression and caching, same conversation, same rule, same run. Anthropic, breakpoints: only the breakpoints',
      'each request carries (every app asks for caching to the prompt’s end; ctxopt places its own), a read found',
      'within 20 blocks before one, no prefix under 1,024 tokens cached, reads 0.1x, writes 1.25x. Anthropic,',
      'automatic: every prompt cached to its end, the next reading its longest common prefix with the previous one.',
      'OpenAI: the longest prefix shared with an earlier prompt, from 1,024 tokens in 128-token steps, at 0.1x.',
      'Summarization adds its summarizer’s calls: their prompts at 1x, their answers at the output price (5x on',
      'Anthropic, 8x on OpenAI). Late recall: of 10 questions about the first ten batches asked after the last turn,',
      'the share whose record reached the model. Current answers complete: share of turns whose answer had every',
      'record it needs in front of the model. Invalid requests: requests breaking OpenAI’s or Anthropic’s message',
      'rules. Added ms/step: wall-clock ms per model call over the baseline’s, same run (loopback fake, so this is',
      'the framework and middleware work alone; noisy on a shared machine).',
    ],
  };
}

/**
 * Cost (Anthropic, breakpoints) against late recall, one point per variant and conversation,
 * ctxopt's two frameworks under one name; the baselines are the chart's 1x line, not points.
 */
export function peerChartPoints(rows: readonly PeerRow[]): ChartPoint[] {
  return rows
    .filter((row) => row.variant !== 'no compression, caching')
    .map((row) => ({
      name: row.variant.startsWith('ctxopt')
        ? row.variant
        : `${row.variant}, ${frameworkNames[row.framework]}`,
      x: row.anthropicBreakpoints,
      y: row.lateRecall,
    }));
}
