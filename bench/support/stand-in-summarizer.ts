import { BaseChatModel } from '../../packages/langchain/node_modules/@langchain/core/dist/language_models/chat_models.js';
import {
  AIMessage,
  type BaseMessage,
} from '../../packages/langchain/node_modules/@langchain/core/dist/messages/index.js';

/**
 * A deterministic stand-in for the model LangChain's `summarizationMiddleware` calls. The
 * middleware hands it its summary prompt with the messages to summarize written as lines
 * (`Human: …`, `AI: …`, `Tool: …`, trimmed to their last 4,000 tokens by default). It
 * answers with what was asked: the last 20 `Human:` lines (a previous summary's included,
 * since it travels as a human message), about 500 tokens, and none of the tool outputs'
 * records, the way a summary of a lookup conversation names the batches read without
 * copying their 40 records each. Each call is kept for pricing (`side-call-cost.ts`).
 */
export class StandInSummarizer extends BaseChatModel {
  readonly calls: { prompt: string; answer: string }[] = [];

  constructor() {
    super({});
  }

  _llmType(): string {
    return 'stand-in-summarizer';
  }

  async _generate(messages: BaseMessage[]) {
    const prompt = messages
      .map((message) =>
        typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
      )
      .join('\n');
    const kept = prompt
      .split('\n')
      .filter((line) => /^Human: /.test(line))
      .slice(-20);
    const answer = kept.length > 0 ? kept.join('\n') : 'No earlier questions.';
    this.calls.push({ prompt, answer });
    return { generations: [{ text: answer, message: new AIMessage(answer) }] };
  }
}
