import {
  type ContextOptimizer,
  type GenerateParams,
  type GenerateResponse,
  type ProviderId,
  validateGenerateParams,
} from '@ctxopt/core';
import { generateAsOperation } from '@ctxopt/core/internal';
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import {
  BaseChatModel,
  type BaseChatModelParams,
  type BindToolsInput,
  type LangSmithParams,
} from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatGenerationChunk, ChatResult } from '@langchain/core/outputs';
import {
  type ChatModelSettings,
  checkChatModelSettings,
  cutAtStop,
  type StandardChatModelOptions,
} from './chat-model-settings.ts';
import { type CompressSettings, checkCompressSettings } from './compress-settings.ts';
import { dispatchUsage } from './ctxopt-events.ts';
import { toGenerateContext } from './generate-context.ts';
import { answerChunks, chatResultOf, combineTokenUsage } from './generate-result.ts';
import {
  type CompressSettingsOptions,
  type OptimizerSourceOptions,
  resolveOptimizer,
} from './optimizer-options.ts';

export type ChatContextOptimizerOptions = ChatContextOptimizerFields & CompressSettingsOptions;

/** The fields of `ChatContextOptimizerOptions`, beside its exclusive `level` or `mode`. */
export interface ChatContextOptimizerFields
  extends BaseChatModelParams,
    OptimizerSourceOptions,
    StandardChatModelOptions {
  /** The external provider that answers, in lower case (`openai`, ...). Required. */
  provider: ProviderId;
  /** The provider's model identifier. Required. */
  model: string;
  /** Upper bound of the answer's tokens, 1 to 32768 (LangChain's `maxTokens` is the same). @default the service's 1024 */
  maxOutputTokens?: number;
}

const OWNER = 'ChatContextOptimizer';

/**
 * A chat model backed by `POST /v1/generate`: the service compresses the conversation and
 * answers it with the chosen provider's model, in one call.
 *
 * @example
 * ```ts
 * import { ChatContextOptimizer } from '@ctxopt/langchain';
 *
 * const model = new ChatContextOptimizer({ provider: 'openai', model: 'gpt-4o-mini', level: 'auto' });
 * const answer = await model.invoke([
 *   ['system', 'Answer from the ticket history.'],
 *   ['human', longTicketHistory],
 *   ['human', 'What did the customer ask for last?'],
 * ]);
 * console.log(answer.content, answer.usage_metadata, answer.response_metadata.ctxopt);
 * ```
 *
 * The last human message is the request's `query`; every other message is a
 * `{ role, content }` entry of `context`, in order (tool calls as text). The answer is
 * an `AIMessage` with `usage_metadata` from the provider's token counts and
 * `response_metadata` holding `requestId`, `provider`, `model` and the compression
 * figures (`ctxopt`); `llmOutput.tokenUsage` reaches `handleLLMEnd`. `stream()` yields
 * the answer in word-sized chunks once it has arrived (the endpoint does not stream).
 * The endpoint takes no tools, so `bindTools` with any tool throws. There is no
 * fail-open here: the service is the model, so its errors propagate.
 */
export class ChatContextOptimizer extends BaseChatModel {
  static override lc_name() {
    return 'ChatContextOptimizer';
  }

  readonly provider: ProviderId;
  readonly model: string;
  readonly maxOutputTokens: number | undefined;
  /** Sequences that end the answer, unless a call gives its own `stop`. */
  readonly stop: string[] | undefined;
  readonly #optimizer: ContextOptimizer;
  readonly #settings: CompressSettings;

  constructor(options: ChatContextOptimizerOptions) {
    // Only LangChain's own settings go up: the base keeps its fields for serialization.
    const { callbacks, tags, metadata, verbose, cache, maxConcurrency, disableStreaming } = options;
    super({ callbacks, tags, metadata, verbose, cache, maxConcurrency, disableStreaming });
    this.#settings = checkCompressSettings(options, OWNER);
    const { maxOutputTokens, stop }: ChatModelSettings = checkChatModelSettings(options, OWNER);
    const { provider, model } = options;
    // Provider, model and maxOutputTokens follow the contract's rules; check them now.
    validateGenerateParams({
      context: [],
      provider,
      model,
      ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    });
    this.#optimizer = resolveOptimizer(options, OWNER);
    this.provider = provider;
    this.model = model;
    this.maxOutputTokens = maxOutputTokens;
    this.stop = stop;
  }

  override _llmType(): string {
    return 'ctxopt';
  }

  /** Traced as the provider and model that answer, so cost attribution sees the real model. */
  override getLsParams(options: this['ParsedCallOptions']): LangSmithParams {
    return {
      ls_model_type: 'chat',
      ls_provider: this.provider,
      ls_model_name: this.model,
      ls_stop: options.stop ?? this.stop,
      ...(this.maxOutputTokens === undefined ? {} : { ls_max_tokens: this.maxOutputTokens }),
    };
  }

  override invocationParams() {
    return { provider: this.provider, model: this.model, ...this.#bodySettings() };
  }

  /** The generate endpoint takes no tool definitions; binding none is allowed (agents do it). */
  override bindTools(tools: BindToolsInput[]) {
    if (tools.length > 0) {
      throw new Error(
        'ChatContextOptimizer cannot bind tools: POST /v1/generate takes no tool definitions. ' +
          'Use a tool-calling chat model with contextOptimizerMiddleware instead.',
      );
    }
    return this;
  }

  override async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    return chatResultOf(await this.#call(messages, options, runManager));
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const response = await this.#call(messages, options, runManager);
    for (const chunk of answerChunks(response)) {
      yield chunk;
      await runManager?.handleLLMNewToken(chunk.text, undefined, undefined, undefined, undefined, {
        chunk,
      });
    }
  }

  override _combineLLMOutput(...outputs: Parameters<typeof combineTokenUsage>) {
    return combineTokenUsage(...outputs);
  }

  async #call(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager: CallbackManagerForLLMRun | undefined,
  ): Promise<GenerateResponse> {
    const params: GenerateParams = {
      ...toGenerateContext(messages),
      provider: this.provider,
      model: this.model,
      ...this.#bodySettings(),
    };
    // One logical call is one operation: when `withRetry()` or the app calls again after
    // a retryable failure, the retry sends the failed attempt's key with the same body.
    const response = await generateAsOperation(this.#optimizer, params, messages, {
      ...(options.signal ? { signal: options.signal } : {}),
    });
    await dispatchUsage(response, 'chat_model', runManager);
    const stop = options.stop ?? this.stop;
    if (!stop) return response;
    const answer = cutAtStop(response.data.answer, stop);
    return answer === response.data.answer
      ? response
      : { ...response, data: { ...response.data, answer } };
  }

  #bodySettings() {
    return {
      ...(this.maxOutputTokens === undefined ? {} : { maxOutputTokens: this.maxOutputTokens }),
      ...this.#settings.body,
    };
  }
}
