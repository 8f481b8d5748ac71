import { createOpenAI } from '@ai-sdk/openai';
import { type ContextOptimizerMiddlewareOptions, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import type { ShadowEvent } from '@ctxopt/core';
import { wrapLanguageModel } from 'ai';
import { factLosingOptimizer } from '../../../../test/support/shadow-world.ts';

/** gpt-4o-mini through @ai-sdk/openai, compressed by a service that loses the fact at `ultra`. */
export function shadowedModel(baseURL: string, options: ContextOptimizerMiddlewareOptions = {}) {
  const service = factLosingOptimizer((level) => level === 'ultra');
  const events: ShadowEvent[] = [];
  const middleware = contextOptimizerMiddleware({
    optimizer: service.optimizer,
    minTokens: 0,
    blocks: false,
    level: 'ultra',
    onShadow: (event) => events.push(event),
    ...options,
  } as ContextOptimizerMiddlewareOptions);
  const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL });
  const model = wrapLanguageModel({ model: openai.chat('gpt-4o-mini'), middleware });
  return { model, middleware, events, service };
}
