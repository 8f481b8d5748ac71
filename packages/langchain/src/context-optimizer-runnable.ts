import { type CompressionReport, ContextOptimizerError } from '@ctxopt/core';
import type { ShadowTicket } from '@ctxopt/core/internal';
import type { CallbackManagerForChainRun } from '@langchain/core/callbacks/manager';
import {
  AIMessage,
  type BaseMessage,
  type BaseMessageLike,
  coerceMessageLikeToMessage,
  HumanMessage,
} from '@langchain/core/messages';
import type { BasePromptValueInterface } from '@langchain/core/prompt_values';
import {
  patchConfig,
  Runnable,
  type RunnableConfig,
  RunnableLambda,
} from '@langchain/core/runnables';
import { CTXOPT_CONTEXT_KEY, type ShadowFigures } from './context-optimizer-middleware.ts';
import { type ConversationOptimizerOptions, conversationSettings } from './conversation-options.ts';
import { dispatchShadow } from './ctxopt-events.ts';
import { type ConversationSettings, optimizeConversation } from './optimize-conversation.ts';
import { answerOfMessage, questionOfMessages } from './shadow-answer.ts';

/** A prompt value (what a chat prompt template produces), messages, or a plain string. */
export type ContextOptimizerRunnableInput = BasePromptValueInterface | BaseMessageLike[] | string;

export type ContextOptimizerRunnableOptions = ConversationOptimizerOptions;

/**
 * An LCEL step that compresses the earlier part of a conversation before the model.
 *
 * @example
 * ```ts
 * import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
 * import { ChatOpenAI } from '@langchain/openai';
 * import { ContextOptimizerRunnable } from '@ctxopt/langchain';
 *
 * const prompt = ChatPromptTemplate.fromMessages([
 *   ['system', 'You are a support agent.'],
 *   new MessagesPlaceholder('history'),
 *   ['human', '{question}'],
 * ]);
 * const optimizer = new ContextOptimizerRunnable({ level: 'standard', minTokens: 500 });
 * const chain = prompt.pipe(optimizer).pipe(new ChatOpenAI({ model: 'gpt-4o-mini' }));
 * const answer = await chain.invoke({ history, question: 'And the refund?' });
 * ```
 *
 * System messages, the last human message and everything after it, tool calls with
 * their results, and messages with images or files stay exactly as they were (same
 * objects, ids, names and `tool_calls`). The largest run of other messages is sent to
 * `POST /v1/compress` with the last human message's text as `query`, and comes back as
 * one `HumanMessage` reading "Earlier conversation (compressed):" followed by the
 * compressed text (see `compressedMessage` to change it); older tool results are
 * compressed in place (all but the newest three). Per-call options come from
 * `config.configurable.ctxopt`, checked like the constructor's. Each compression
 * dispatches the `ctxopt_usage` custom event; a failed one falls open and dispatches
 * `ctxopt_error`.
 */
export class ContextOptimizerRunnable extends Runnable<
  ContextOptimizerRunnableInput,
  BaseMessage[]
> {
  static override lc_name() {
    return 'ContextOptimizerRunnable';
  }

  lc_namespace = ['ctxopt', 'langchain'];

  readonly #settings: ConversationSettings;

  constructor(options: ContextOptimizerRunnableOptions = {}) {
    // Nothing is handed to the base class: its kwargs are what serialization would show.
    super();
    this.#settings = conversationSettings(options, 'ContextOptimizerRunnable', 'runnable');
  }

  override invoke(
    input: ContextOptimizerRunnableInput,
    options?: RunnableConfig,
  ): Promise<BaseMessage[]> {
    return this._callWithConfig(
      (
        value: ContextOptimizerRunnableInput,
        config?: RunnableConfig,
        run?: CallbackManagerForChainRun,
      ) =>
        // Events attach to this step's own run, so handlers see them under it. Alone, the
        // step never sees the answer: a sampled call needs `withModel` to be shadowed.
        this.#optimize(value, patchConfig(config, { callbacks: run?.getChild() })).then(
          ({ messages, ticket }) => {
            ticket?.cancel();
            return messages;
          },
        ),
      input,
      options,
    );
  }

  /** Shadow evaluation's figures: agreement per level and kind, adapted levels, spend. */
  get shadow(): ShadowFigures {
    const { shadow } = this.#settings.compressor;
    return { summary: () => shadow.summary(), settled: () => shadow.settled() };
  }

  /**
   * This step and `model` as one LCEL step, so shadow evaluation sees the model's answer:
   * `prompt.pipe(optimizer.withModel(model))`. A sampled call is answered once more by
   * `model` with the original messages after the user's answer, in the background
   * (tagged `ctxopt_shadow`, outside the user's callbacks), and judged; each verdict is
   * the `ctxopt_shadow` custom event and goes to `onShadow`.
   */
  withModel(
    model: Runnable<BaseMessage[], unknown>,
  ): Runnable<ContextOptimizerRunnableInput, unknown> {
    return RunnableLambda.from(
      async (input: ContextOptimizerRunnableInput, config?: RunnableConfig) => {
        const original = toMessages(input);
        const { messages, ticket } = await this.#optimize(original, config ?? {});
        let answer: unknown;
        try {
          answer = await model.invoke(messages, config);
        } catch (error) {
          ticket?.cancel();
          throw error;
        }
        ticket?.start(
          answerOfMessage(answer),
          async () => {
            const shadowAnswer = await model.invoke(original, { tags: ['ctxopt_shadow'] });
            return {
              answer: answerOfMessage(shadowAnswer),
              inputTokens: AIMessage.isInstance(shadowAnswer)
                ? shadowAnswer.usage_metadata?.input_tokens
                : undefined,
            };
          },
          () => questionOfMessages(original),
          (event) => void dispatchShadow(event, 'runnable'),
        );
        return answer;
      },
    ).withConfig({ runName: 'ContextOptimizerRunnable' });
  }

  async #optimize(
    input: ContextOptimizerRunnableInput,
    config: RunnableConfig,
  ): Promise<{ messages: BaseMessage[]; ticket: ShadowTicket | undefined }> {
    const messages = toMessages(input);
    const overrides = config.configurable?.[CTXOPT_CONTEXT_KEY];
    const { compressor } = this.#settings;
    const policy = compressor.policyFor(overrides, {
      prefix: `config.configurable.${CTXOPT_CONTEXT_KEY}.`,
    });
    const shadow = compressor.shadow.begin(policy);
    let report: CompressionReport | undefined;
    const compressed = await optimizeConversation(messages, this.#settings, {
      config,
      policy,
      ...(config.signal ? { signal: config.signal } : {}),
      ...(shadow ? { shadow, onReport: (done: CompressionReport) => (report = done) } : {}),
    });
    // `observe`: the original messages go on; the event says what compression would do.
    const observed = report && shadow?.observed(report);
    if (observed) {
      await dispatchShadow(observed, 'runnable', config);
      return { messages, ticket: undefined };
    }
    return { messages: compressed, ticket: report ? shadow?.admit(report) : undefined };
  }
}

function toMessages(input: ContextOptimizerRunnableInput): BaseMessage[] {
  if (typeof input === 'string') return [new HumanMessage(input)];
  if (Array.isArray(input)) return input.map(coerceMessageLikeToMessage);
  if (typeof (input as BasePromptValueInterface)?.toChatMessages === 'function') {
    return input.toChatMessages();
  }
  throw new ContextOptimizerError(
    'ContextOptimizerRunnable: input must be a prompt value, an array of messages or a string.',
  );
}
