import { createOpenAI } from '@ai-sdk/openai';
import { type ContextOptimizerMiddlewareOptions, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { wrapLanguageModel } from 'ai';
import { shadowedSettings } from '../../../../test/support/shadow-world.ts';

/** gpt-4o-mini through @ai-sdk/openai; the service loses the fact at `ultra` (or as `losesFact` says). */
export function shadowedModel(
  baseURL: string,
  options: ContextOptimizerMiddlewareOptions & {
    losesFact?: (level: string | undefined) => boolean;
  } = {},
) {
  const { losesFact, ...rest } = options;
  const { service, events, settings } = shadowedSettings(rest, losesFact);
  const middleware = contextOptimizerMiddleware(settings as ContextOptimizerMiddlewareOptions);
  const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL });
  const model = wrapLanguageModel({ model: openai.chat('gpt-4o-mini'), middleware });
  return { model, middleware, events, service };
}
