import type { CompressionCache } from '@ctxopt/core';
import {
  APIUserAbortError,
  applyPlan,
  type CompressParams,
  type ContextOptimizer,
  type ConversationPlan,
  planConversation,
} from '@ctxopt/core';
import type { BaseMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { CompressSettings } from './compress-settings.ts';
import type { CompressedMessageFactory } from './compressed-message.ts';
import { type CtxoptEventSource, dispatchError, dispatchUsage } from './ctxopt-events.ts';
import { toPlannerMessages } from './message-mapping.ts';
import { isFailureStatus } from './usage-summary.ts';

/** Everything the runnable and the middleware share about compressing a conversation. */
export interface ConversationSettings extends CompressSettings {
  optimizer: ContextOptimizer;
  source: CtxoptEventSource;
  /** Messages at the end kept as they are, besides the last user turn. */
  protectLastMessages: number;
  /** Roles never compressed. */
  pinnedRoles: readonly string[];
  createMessage: CompressedMessageFactory;
  /** Recent compressions by request body; a hit makes no call and dispatches no event. */
  cache: CompressionCache;
}

export interface ConversationCall {
  /** The run's config: custom events attach to its run. Absent: the ambient run, if any. */
  config?: RunnableConfig;
  signal?: AbortSignal;
}

/**
 * Compresses the compressible span of `messages` (see `planConversation`) into one
 * message, keeping every other message as the same object. When the service saved
 * nothing, the messages come back as they were (a transcript of the same size would
 * only lose their structure). Fails open unless
 * `onError` is `throw`: the messages come back as they were and `ctxopt_error` fires.
 */
export async function optimizeConversation(
  messages: BaseMessage[],
  settings: ConversationSettings,
  call: ConversationCall = {},
): Promise<BaseMessage[]> {
  const plan = planConversation(toPlannerMessages(messages), {
    minTokens: settings.minTokens,
    pinnedRoles: settings.pinnedRoles,
    protectLastMessages: settings.protectLastMessages,
  });
  if (!plan.compress) return messages;
  const params = compressParams(plan, settings);
  // The key is built once: a 200-message span makes it a large string.
  const cacheKey = settings.cache.keyOf(params);
  let response = settings.cache.get(cacheKey);
  if (!response) {
    try {
      response = await settings.optimizer.compress(params, {
        ...(call.signal ? { signal: call.signal } : {}),
      });
    } catch (error) {
      // The caller's own abort ends the run; falling open would only hide it.
      if (settings.onError === 'throw' || APIUserAbortError.isInstance(error)) throw error;
      await dispatchError(error, settings.source, call.config);
      return messages;
    }
    settings.cache.set(cacheKey, response);
    await dispatchUsage(response, settings.source, call.config);
  }
  // Nothing saved (a `skipped` span, say): the original messages keep their structure.
  const { compression, usage, data } = response;
  if (isFailureStatus(compression.status) || usage.request.savedTokens <= 0) return messages;
  return applyPlan(messages, plan, data.compressed, (text) =>
    settings.createMessage(text, response),
  );
}

function compressParams(plan: ConversationPlan, settings: CompressSettings): CompressParams {
  return {
    context: plan.context,
    ...(plan.query ? { query: plan.query } : {}),
    ...settings.body,
  };
}
