import { contextOptimizerMiddleware } from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import type { BaseMessage } from '@langchain/core/messages';
import { HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { pagePerTurnScript, pageQuestion, reportPage } from '../../../test/support/tool-loop.ts';
import { EventRecorder } from './test-support/event-recorder.ts';

const readReport = tool(async ({ page }) => reportPage(page), {
  name: 'readReport',
  description: 'Reads one page of the shipment report',
  schema: z.object({ page: z.number() }),
});

describe('ctxopt_usage adds up to what the service charged (createAgent, @langchain/openai)', () => {
  it('over six agent turns, the summed chargedInputTokens equal the engine’s ledger; reused compressions count apart', async () => {
    const api = await startFakeOpenAIChat(pagePerTurnScript());
    try {
      const engine = new LocalContextOptimizer();
      const agent = createAgent({
        model: new ChatOpenAI({
          model: 'gpt-4o-mini',
          apiKey: 'sk-test-openai',
          configuration: { baseURL: api.baseURL },
        }),
        tools: [readReport],
        middleware: [contextOptimizerMiddleware({ optimizer: engine, minTokens: 100 })],
      });
      const recorder = new EventRecorder();
      let messages: BaseMessage[] = [];
      for (let turn = 1; turn <= 6; turn++) {
        const state = await agent.invoke(
          { messages: [...messages, new HumanMessage(pageQuestion(turn))] },
          { callbacks: [recorder] },
        );
        messages = state.messages;
      }
      const events = recorder.events('ctxopt_usage') as {
        chargedInputTokens: number;
        reusedInputTokens: number;
        inputTokens: number;
        calls: number;
      }[];
      const charged = events.reduce((sum, event) => sum + event.chargedInputTokens, 0);
      const reported = events.reduce((sum, event) => sum + event.inputTokens, 0);
      const reused = events.reduce((sum, event) => sum + event.reusedInputTokens, 0);
      const ledger = engine.ledger.usedTokens('local');
      expect(ledger).toBeGreaterThan(0);
      expect(charged).toBe(ledger);
      // Reused compressions are reported apart, never as if charged again.
      expect(reused).toBeGreaterThan(0);
      expect(reported).toBeGreaterThan(ledger);
      for (const event of events) {
        if (event.calls === 0) expect(event.chargedInputTokens).toBe(0);
      }
    } finally {
      await api.close();
    }
  }, 60_000);
});
