import { createOpenAI } from '@ai-sdk/openai';
import { type ContextOptimizerUsage, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, type ModelMessage, stepCountIs, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { pagePerTurnScript, pageQuestion } from '../../../test/support/tool-loop.ts';
import { readReport } from './test-support/report-tools.ts';
import './test-support/quiet-warnings.ts';

describe('usage adds up to what the service charged (generateText, @ai-sdk/openai)', () => {
  it('over six agent turns, the summed chargedInputTokens equal the engine’s ledger, in onUsage and in providerMetadata', async () => {
    const api = await startFakeOpenAIChat(pagePerTurnScript());
    try {
      const engine = new LocalContextOptimizer();
      const usages: ContextOptimizerUsage[] = [];
      const model = wrapLanguageModel({
        model: createOpenAI({ apiKey: 'sk-test-openai', baseURL: api.baseURL }).chat('gpt-4o-mini'),
        middleware: contextOptimizerMiddleware({
          optimizer: engine,
          minTokens: 100,
          onUsage: (usage) => usages.push(usage),
        }),
      });
      const messages: ModelMessage[] = [];
      const fromMetadata: ContextOptimizerUsage[] = [];
      for (let turn = 1; turn <= 6; turn++) {
        messages.push({ role: 'user', content: pageQuestion(turn) });
        const result = await generateText({
          model,
          messages,
          tools: { readReport },
          stopWhen: stepCountIs(3),
        });
        messages.push(...result.responseMessages);
        for (const step of result.steps) {
          fromMetadata.push(step.providerMetadata?.ctxopt as unknown as ContextOptimizerUsage);
        }
      }
      const sum = (list: ContextOptimizerUsage[], field: keyof ContextOptimizerUsage) =>
        list.reduce((total, usage) => total + Number(usage[field] ?? 0), 0);
      const ledger = engine.ledger.usedTokens('local');
      expect(ledger).toBeGreaterThan(0);
      expect(sum(usages, 'chargedInputTokens')).toBe(ledger);
      expect(sum(fromMetadata, 'chargedInputTokens')).toBe(ledger);
      // Reused compressions are reported apart, never as if charged again.
      expect(sum(usages, 'reusedInputTokens')).toBeGreaterThan(0);
      expect(sum(usages, 'inputTokens')).toBeGreaterThan(ledger);
    } finally {
      await api.close();
    }
  }, 60_000);
});
