import type { ShadowEvent } from '@ctxopt/core';
import {
  type ContextOptimizerMiddlewareOptions,
  contextOptimizerMiddleware,
} from '@ctxopt/langchain';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { factLosingOptimizer } from '../../../../test/support/shadow-world.ts';

/** createAgent with gpt-4o-mini through @langchain/openai; the service loses the fact at `ultra`. */
export function shadowedAgent(
  baseURL: string,
  options: ContextOptimizerMiddlewareOptions & {
    losesFact?: (level: string | undefined) => boolean;
  } = {},
) {
  const { losesFact = (level) => level === 'ultra', ...rest } = options;
  const service = factLosingOptimizer(losesFact);
  const events: ShadowEvent[] = [];
  const middleware = contextOptimizerMiddleware({
    optimizer: service.optimizer,
    minTokens: 0,
    blocks: false,
    level: 'ultra',
    onShadow: (event) => events.push(event),
    ...rest,
  } as ContextOptimizerMiddlewareOptions);
  const agent = createAgent({
    model: new ChatOpenAI({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test-openai',
      configuration: { baseURL },
    }),
    tools: [],
    middleware: [middleware],
  });
  return { agent, middleware, events, service };
}
