import { createOpenAI } from '@ai-sdk/openai';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, type ModelMessage, stepCountIs, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import {
  EARLIER_ANSWER,
  EARLIER_QUESTION,
  expectTurnShape,
  LOOP_SYSTEM,
  pagesAfterHistoryScript,
  RECALL_QUESTION,
  reportPage,
} from '../../../test/support/tool-loop.ts';
import { readReport } from './test-support/report-tools.ts';
import './test-support/quiet-warnings.ts';

/** An earlier turn that read pages 1 to 4, one tool step each, then answered. */
function earlierTurn(): ModelMessage[] {
  const messages: ModelMessage[] = [{ role: 'user', content: EARLIER_QUESTION }];
  for (let page = 1; page <= 4; page++) {
    const toolCallId = `call_${page}`;
    messages.push(
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId, toolName: 'readReport', input: { page } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: 'readReport',
            output: { type: 'text', value: reportPage(page) },
          },
        ],
      },
    );
  }
  messages.push({ role: 'assistant', content: EARLIER_ANSWER });
  return messages;
}

describe('block mode keeps the turn’s shape (generateText, @ai-sdk/openai)', () => {
  it('adds the recall to the question in a 12-step tool loop, never a user message between tool results', async () => {
    const api = await startFakeOpenAIChat(pagesAfterHistoryScript(12));
    try {
      const chat = createOpenAI({ apiKey: 'sk-test-openai', baseURL: api.baseURL }).chat(
        'gpt-4o-mini',
      );
      const model = wrapLanguageModel({
        model: chat,
        middleware: contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() }),
      });
      const messages: ModelMessage[] = [
        ...earlierTurn(),
        { role: 'user', content: RECALL_QUESTION },
      ];
      const result = await generateText({
        model,
        system: LOOP_SYSTEM,
        messages,
        tools: { readReport },
        stopWhen: stepCountIs(12),
      });
      expect(result.text).toBe('Order 1037 was 7 days late.');
      expect(api.requests).toHaveLength(12);
      // Block mode ran (the earlier results were compressed) and recalled the line asked about.
      const first = JSON.stringify(api.requests[0]!.messages);
      expect(first).not.toContain(reportPage(1));
      const line = reportPage(1).split('\n')[36]!;
      expect(line).toContain('order 1037');
      // From the last user message on, the app's roles at every step; the question, with
      // its recall after it, the same bytes at every step of the turn.
      const [question] = expectTurnShape(api.requests);
      expect(question).toContain(JSON.stringify(RECALL_QUESTION).slice(1, -1));
      expect(question).toContain(line);
      expect(question!.indexOf(line)).toBeGreaterThan(question!.indexOf('order 1037 on page 1'));

      // The next turn: the loop closed blocks after that question while it was current, so
      // it keeps its recall, the same bytes, and the cached prefix through those blocks holds.
      await generateText({
        model,
        system: LOOP_SYSTEM,
        messages: [
          ...messages,
          ...result.responseMessages,
          { role: 'user', content: 'Thanks. And the next page?' },
        ],
        tools: { readReport },
        stopWhen: stepCountIs(2),
      });
      const next = api.requests[12]!;
      const earlier = next.messages.find((message) =>
        JSON.stringify(message).includes('order 1037 on page 1'),
      );
      expect(JSON.stringify(earlier)).toBe(question);
    } finally {
      await api.close();
    }
  }, 60_000);
});
