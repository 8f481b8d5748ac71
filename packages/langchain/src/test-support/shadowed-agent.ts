import {
  type ContextOptimizerMiddlewareOptions,
  contextOptimizerMiddleware,
} from '@ctxopt/langchain';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { shadowedSettings } from '../../../../test/support/shadow-world.ts';

/** createAgent with gpt-4o-mini through @langchain/openai; the service loses the fact at `ultra` (or as `losesFact` says). */
export function shadowedAgent(
  baseURL: string,
  options: ContextOptimizerMiddlewareOptions & {
    losesFact?: (level: string | undefined) => boolean;
  } = {},
) {
  const { losesFact, ...rest } = options;
  const { service, events, settings } = shadowedSettings(rest, losesFact);
  const middleware = contextOptimizerMiddleware(settings as ContextOptimizerMiddlewareOptions);
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
