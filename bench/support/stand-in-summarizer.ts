// bench/ is not a workspace package: `@langchain/core` through the package that depends on it.
import type { CallbackManagerForLLMRun } from '../../packages/langchain/node_modules/@langchain/core/dist/callbacks/manager.js';
import {
  AIMessage,
  type BaseMessage,
} from '../../packages/langchain/node_modules/@langchain/core/dist/messages/index.js';
import type { ChatResult } from '../../packages/langchain/node_modules/@langchain/core/dist/outputs.js';
import { FakeListChatModel } from '../../packages/langchain/node_modules/@langchain/core/dist/utils/testing/index.js';
import { countTokens } from './cache-pricing.ts';

/** Tokens a summarizer model read and wrote, for pricing its calls. */
export interface SummaryUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * A deterministic stand-in for the model `summarizationMiddleware` calls: its summary is
 * the first 160 characters of each line of the text it is asked to summarize that names an
 * order, a batch or a question, at most 60 lines, so it costs what a short extractive
 * summary costs and keeps only what such a summary would. Every call's input and output
 * tokens are counted into `usage`.
 */
export class StandInSummarizer extends FakeListChatModel {
  readonly usage: SummaryUsage = { calls: 0, inputTokens: 0, outputTokens: 0 };

  constructor() {
    super({ responses: [''] });
  }

  override async _generate(
    messages: BaseMessage[],
    _options: this['ParsedCallOptions'],
    _runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    const input = messages.map((message) => message.text).join('\n');
    const lines = input
      .split('\n')
      .filter((line) => /order|batch|\?/i.test(line))
      .slice(0, 60)
      .map((line) => line.slice(0, 160));
    const summary = `Summary of the earlier conversation:\n${lines.join('\n')}`;
    this.usage.calls++;
    this.usage.inputTokens += countTokens(input);
    this.usage.outputTokens += countTokens(summary);
    return { generations: [{ text: summary, message: new AIMessage(summary) }] };
  }
}
