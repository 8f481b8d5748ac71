import { contextOptimizerMiddleware } from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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

const readReport = tool(async ({ page }) => reportPage(page), {
  name: 'readReport',
  description: 'Reads one page of the shipment report',
  schema: z.object({ page: z.number() }),
});

/** An earlier turn that read pages 1 to 4, one tool step each, then answered. */
function earlierTurn(): BaseMessage[] {
  const messages: BaseMessage[] = [new HumanMessage(EARLIER_QUESTION)];
  for (let page = 1; page <= 4; page++) {
    const id = `call_${page}`;
    messages.push(
      new AIMessage({ content: '', tool_calls: [{ id, name: 'readReport', args: { page } }] }),
      new ToolMessage({ content: reportPage(page), tool_call_id: id, name: 'readReport' }),
    );
  }
  messages.push(new AIMessage(EARLIER_ANSWER));
  return messages;
}

describe('block mode keeps the turn’s shape (createAgent, @langchain/openai)', () => {
  it('adds the recall to the question in a 12-step tool loop, never a HumanMessage between tool results', async () => {
    const api = await startFakeOpenAIChat(pagesAfterHistoryScript(12));
    try {
      const agent = createAgent({
        model: new ChatOpenAI({
          model: 'gpt-4o-mini',
          apiKey: 'sk-test-openai',
          configuration: { baseURL: api.baseURL },
        }),
        tools: [readReport],
        systemPrompt: LOOP_SYSTEM,
        middleware: [contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() })],
      });
      const state = await agent.invoke(
        { messages: [...earlierTurn(), new HumanMessage(RECALL_QUESTION)] },
        { recursionLimit: 60 },
      );
      expect(state.messages.at(-1)!.text).toBe('Order 1037 was 7 days late.');
      expect(api.requests).toHaveLength(12);
      expect(JSON.stringify(api.requests[0]!.messages)).not.toContain(reportPage(1));
      const line = reportPage(1).split('\n')[36]!;
      const [question] = expectTurnShape(api.requests);
      expect(question).toContain(JSON.stringify(RECALL_QUESTION).slice(1, -1));
      expect(question).toContain(line);
      expect(question!.indexOf(line)).toBeGreaterThan(question!.indexOf('order 1037 on page 1'));
      // The agent's state keeps the question as the user asked it.
      const asked = state.messages.filter((message) => message.getType() === 'human');
      expect(asked.map((message) => message.content)).toEqual([EARLIER_QUESTION, RECALL_QUESTION]);
    } finally {
      await api.close();
    }
  }, 60_000);
});
