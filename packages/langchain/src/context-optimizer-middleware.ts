import type { CompressionReport, ConversationPolicy } from '@ctxopt/core';
import type { ShadowSummary } from '@ctxopt/core/internal';
import { AIMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import { marksOutsideMessages } from './app-cache-marks.ts';
import { takesAnthropicCacheMarkers } from './cache-marker.ts';
import { type ConversationOptimizerOptions, conversationSettings } from './conversation-options.ts';
import { dispatchShadow } from './ctxopt-events.ts';
import { toPlannerMessages } from './message-mapping.ts';
import { offeredTools } from './offered-tools.ts';
import { optimizeConversation } from './optimize-conversation.ts';
import { answerOfMessage, questionOfMessages } from './shadow-answer.ts';

export type ContextOptimizerMiddlewareOptions = ConversationOptimizerOptions;

/** The key of this package's per-call options in `runtime.context` and `config.configurable`. */
export const CTXOPT_CONTEXT_KEY = 'ctxopt';

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
 *   middleware: [contextOptimizerMiddleware({ mode: 'balanced', trigger: { fraction: 0.5 } })],
 * });
 * const result = await agent.invoke(
 *   { messages: history },
 *   { context: { ctxopt: { toolResults: { keepLast: 1 } } } }, // per call, checked
 * );
 * ```
 *
 * It runs in `wrapModelCall`: the request's messages go through the conversation policy
 * shared with `@ctxopt/ai-sdk` (older tool results compressed in place, the history span
 * into one message, unchanged spans reused at every step), the model is called with the
 * result, and the state is never written. Per-call options come from
 * `runtime.context.ctxopt`; `trigger.fraction` uses the model's profile
 * (`maxInputTokens`) unless `contextWindow` is set. Each compression arrives as the
 * `ctxopt_usage` custom event and in LangGraph's `streamMode: 'custom'`; a failed one
 * falls open and dispatches `ctxopt_error`.
 */
export function contextOptimizerMiddleware(options: ContextOptimizerMiddlewareOptions = {}) {
  const settings = conversationSettings(options, 'contextOptimizerMiddleware', 'middleware');
  const { compressor } = settings;
  const middleware = createMiddleware({
    name: 'ContextOptimizerMiddleware',
    wrapModelCall: async (request, handler) => {
      const runtime = request.runtime as {
        context?: unknown;
        signal?: AbortSignal;
        writer?: (chunk: unknown) => void;
      };
      const policy = policyOf(request.model, runtime.context, (overrides) =>
        compressor.policyFor(overrides, { prefix: `runtime.context.${CTXOPT_CONTEXT_KEY}.` }),
      );
      const write = typeof runtime.writer === 'function' ? runtime.writer : undefined;
      const shadow = compressor.shadow.begin(policy);
      let report: CompressionReport | undefined;
      // No config: the event attaches to the model node's run through LangChain's
      // async-local run context, the one the agent's callbacks and streams follow.
      const compressed = await optimizeConversation(request.messages, settings, {
        policy,
        ...(runtime.signal ? { signal: runtime.signal } : {}),
        ...(write ? { write } : {}),
        cacheMarkers: takesAnthropicCacheMarkers(request.model),
        cacheMarksOutside: marksOutsideMessages({
          systemMessage: request.systemMessage,
          tools: request.tools,
        }),
        ...(shadow ? { shadow, onReport: (done: CompressionReport) => (report = done) } : {}),
      });
      // `observe`: the model receives the original messages; the event says what compression would do.
      const observed = report && shadow?.observed(report);
      if (observed) await dispatchShadow(observed, 'middleware', undefined, write);
      const messages = observed ? request.messages : compressed;
      const ticket = report && !observed ? shadow?.admit(report) : undefined;
      const tools = offeredTools(request, () => {
        const conversation = toPlannerMessages(request.messages);
        const sent = messages === request.messages ? conversation : toPlannerMessages(messages);
        return compressor.retrieveTool.offered(conversation, sent);
      });
      let response: Awaited<ReturnType<typeof handler>>;
      try {
        response = await handler({ ...request, messages, tools });
      } catch (error) {
        ticket?.cancel();
        throw error;
      }
      // After the user's answer, in the background: the original messages through the
      // same handler (the model with its tools bound), judged against this answer.
      ticket?.start(
        answerOfMessage(response),
        async () => {
          const original = await handler({ ...request, messages: request.messages });
          return {
            answer: answerOfMessage(original),
            inputTokens: AIMessage.isInstance(original)
              ? original.usage_metadata?.input_tokens
              : undefined,
          };
        },
        () => questionOfMessages(request.messages),
        (event) => void dispatchShadow(event, 'middleware'),
      );
      const usage = AIMessage.isInstance(response) ? response.usage_metadata : undefined;
      if (usage?.input_tokens !== undefined) {
        // The provider's cache reads feed block mode's cost gate on the next call.
        compressor.observeUsage(
          toPlannerMessages(messages),
          usage.input_tokens,
          usage.input_token_details?.cache_read,
        );
      }
      return response;
    },
  });
  const shadowFigures: ShadowFigures = {
    summary: () => compressor.shadow.summary(),
    settled: () => compressor.shadow.settled(),
  };
  return Object.assign(middleware, { shadow: shadowFigures });
}

/** Shadow evaluation's figures for the app, on the middleware and the runnable as `shadow`. */
export interface ShadowFigures {
  /** Agreement per level and kind of content (rate, 95% interval), adapted levels, spend. */
  summary(): ShadowSummary;
  /** Resolves once the shadow calls running now are judged and reported. */
  settled(): Promise<void>;
}

/** The instance's policy with `runtime.context.ctxopt` applied, and the model's window. */
function policyOf(
  model: unknown,
  context: unknown,
  withOverrides: (overrides: unknown) => ConversationPolicy,
): ConversationPolicy {
  const overrides =
    typeof context === 'object' && context !== null
      ? (context as Record<string, unknown>)[CTXOPT_CONTEXT_KEY]
      : undefined;
  const policy = withOverrides(overrides);
  if (policy.contextWindow !== undefined) return policy;
  const maxInputTokens = (model as { profile?: { maxInputTokens?: unknown } } | undefined)?.profile
    ?.maxInputTokens;
  return typeof maxInputTokens === 'number' && maxInputTokens > 0
    ? { ...policy, contextWindow: maxInputTokens }
    : policy;
}
