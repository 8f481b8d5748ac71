import { createMiddleware } from 'langchain';
import { type ConversationOptimizerOptions, conversationSettings } from './conversation-options.ts';
import { optimizeConversation } from './optimize-conversation.ts';

export type ContextOptimizerMiddlewareOptions = ConversationOptimizerOptions;

/**
 * A `createAgent` middleware that compresses the conversation the model sees on each
 * step, while the agent's state keeps every original message.
 *
 * @example
 * ```ts
 * import { createAgent } from 'langchain';
 * import { contextOptimizerMiddleware } from '@ctxopt/langchain';
 *
 * const agent = createAgent({
 *   model: 'openai:gpt-4o-mini',
 *   tools: [searchOrders],
 *   middleware: [contextOptimizerMiddleware({ mode: 'balanced', minTokens: 1000 })],
 * });
 * const result = await agent.invoke({ messages: history });
 * ```
 *
 * It runs in `wrapModelCall`: the request's messages go through the same planner as
 * `ContextOptimizerRunnable` (system text, the current turn, unfinished tool cycles and
 * non-text content stay as they are), the model is called with the result, and the
 * state is never written. Usage arrives as the `ctxopt_usage` custom event of the
 * agent's run; a failed compression falls open and dispatches `ctxopt_error`.
 */
export function contextOptimizerMiddleware(options: ContextOptimizerMiddlewareOptions = {}) {
  const settings = conversationSettings(options, 'contextOptimizerMiddleware', 'middleware');
  return createMiddleware({
    name: 'ContextOptimizerMiddleware',
    wrapModelCall: async (request, handler) => {
      // No config: the event attaches to the model node's run through LangChain's
      // async-local run context, the one the agent's callbacks and streams follow.
      const signal = request.runtime.signal;
      const messages = await optimizeConversation(request.messages, settings, {
        ...(signal ? { signal } : {}),
      });
      return handler({ ...request, messages });
    },
  });
}
