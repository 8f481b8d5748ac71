import { createAnthropic } from '../../packages/ai-sdk/node_modules/@ai-sdk/anthropic/dist/index.js';
import {
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from '../../packages/ai-sdk/node_modules/ai/dist/index.js';
import {
  type ContextOptimizerMiddlewareOptions,
  contextOptimizerMiddleware,
} from '../../packages/ai-sdk/src/index.ts';
import type { CompressParams, ContextOptimizer } from '../../packages/core/src/index.ts';
import { LocalContextOptimizer } from '../../packages/local/src/index.ts';
import { lookupReply, type RecordedCall, startFakeAnthropic } from './fake-anthropic.ts';
import {
  type AgentConversation,
  type LateQuestion,
  lookupResult,
  promptShows,
  type RecordShape,
  SYSTEM_PROMPT,
} from './lookup-agent.ts';

/** One conversation's record: every model call as the provider received it, and what went to the service. */
export interface ConversationRecord {
  calls: RecordedCall[];
  /** Index into `calls` after which each turn ended (turn t ends before `turnEnds[t]`). */
  turnEnds: number[];
  compressCalls: CompressParams[];
  /** Characters of the conversation itself (system, questions, tool calls, results, answers). */
  conversationCharacters: number;
  /** For each late question: whether its fact reached the model in any call of its turn. */
  retained: boolean[];
  /** Requests with a tool call not answered by its result, when the run checks them itself. */
  brokenToolPairs?: number;
  /** How the lookup tool printed its records. @default 'records' */
  shape?: RecordShape;
  /** For each turn, the batches its answer needs. @default turn t needs batch t */
  turnBatches?: number[][];
  /** Turns whose tool loop did not end within the step limit. */
  stalledTurns?: number;
  /** Wall-clock milliseconds the conversation's turns took (late questions not counted). */
  elapsedMs?: number;
  /**
   * Calls made beside the agent's own (a summarizer's): their prompt and answer, billed
   * as uncached input and output.
   */
  sideCalls?: { prompt: string; answer: string }[];
}

export interface CostVariant {
  /** `undefined`: the bare model, no middleware. */
  middleware?: ContextOptimizerMiddlewareOptions;
  /** Gives the model a tool that returns compressed originals. */
  retrieveTool?: (optimizer: ContextOptimizer) => ToolSet;
  /**
   * The app asks Anthropic to cache each prompt to its end (a `cache_control` on the
   * request, Anthropic's automatic caching), as an app without ctxopt's block mode does.
   */
  appCaching?: boolean;
  /** Rewrites each step's messages before the call (`prepareStep`), as an app that prunes does. */
  prepareStep?: (messages: ModelMessage[]) => ModelMessage[];
  /** Anthropic provider options added to each call (`contextManagement`, for one). */
  anthropicOptions?: Record<string, unknown>;
}

/** A `ContextOptimizer` that records what it is sent. */
export function recordingOptimizer(inner: ContextOptimizer) {
  const sent: CompressParams[] = [];
  const optimizer: ContextOptimizer = {
    compress: (params, options) => {
      sent.push(params);
      return inner.compress(params, options);
    },
    generate: (params, options) => inner.generate(params, options),
  };
  return { optimizer, sent };
}

function textOf(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'tool-call') return JSON.stringify(part.input);
      if (part.type === 'tool-result') {
        const output = part.output as { value?: unknown };
        return typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
      }
      return '';
    })
    .join('\n');
}

/**
 * Runs `turns` turns of the lookup agent through `generateText` with `@ai-sdk/anthropic`
 * against a loopback fake of Anthropic's API, then asks each late question on its own
 * branch of the finished conversation.
 */
export async function runAiSdkConversation(
  variant: CostVariant,
  conversation: AgentConversation,
  questions: readonly LateQuestion[],
): Promise<ConversationRecord> {
  const { shape } = conversation;
  const { optimizer, sent } = recordingOptimizer(new LocalContextOptimizer());
  const canRetrieve = variant.retrieveTool !== undefined;
  const server = await startFakeAnthropic(lookupReply(canRetrieve));
  try {
    const anthropic = createAnthropic({ baseURL: server.url, apiKey: 'sk-ant-bench' });
    const base = anthropic('claude-sonnet-4-5');
    const model: LanguageModel = variant.middleware
      ? wrapLanguageModel({
          model: base,
          middleware: contextOptimizerMiddleware({ optimizer, ...variant.middleware }),
        })
      : base;
    const tools: ToolSet = {
      lookup: tool({
        description: 'Looks up the orders of a batch.',
        inputSchema: jsonSchema<{ batch: number }>({
          type: 'object',
          properties: { batch: { type: 'integer' } },
          required: ['batch'],
        }),
        execute: async ({ batch }) => lookupResult(batch, shape),
      }),
      ...variant.retrieveTool?.(optimizer),
    };
    const anthropicOptions = {
      ...(variant.appCaching ? { cacheControl: { type: 'ephemeral' as const } } : {}),
      ...variant.anthropicOptions,
    };
    const providerOptions =
      Object.keys(anthropicOptions).length > 0
        ? { anthropic: anthropicOptions as never }
        : undefined;
    const prune = variant.prepareStep;
    const prepareStep = prune
      ? ({ messages: stepMessages }: { messages: ModelMessage[] }) => ({
          messages: prune(stepMessages),
        })
      : undefined;
    const messages: ModelMessage[] = [];
    const turnEnds: number[] = [];
    const started = performance.now();
    for (const question of conversation.questions) {
      messages.push({ role: 'user', content: question });
      const result = await generateText({
        model,
        system: SYSTEM_PROMPT,
        messages,
        tools,
        stopWhen: isStepCount(conversation.maxSteps),
        ...(prepareStep ? { prepareStep } : {}),
        ...(providerOptions ? { providerOptions } : {}),
      });
      messages.push(...result.responseMessages);
      turnEnds.push(server.calls.length);
    }
    const elapsedMs = performance.now() - started;
    const conversationCharacters =
      SYSTEM_PROMPT.length + messages.reduce((sum, message) => sum + textOf(message).length, 0);
    const compressCalls = [...sent];
    const retained: boolean[] = [];
    for (const late of questions) {
      const from = server.calls.length;
      await generateText({
        model,
        system: SYSTEM_PROMPT,
        messages: [...messages, { role: 'user', content: late.question }],
        tools,
        stopWhen: isStepCount(4),
        ...(prepareStep ? { prepareStep } : {}),
        ...(providerOptions ? { providerOptions } : {}),
      });
      retained.push(server.calls.slice(from).some((call) => promptShows(call.text, late.fact)));
    }
    return {
      calls: server.calls.slice(0, turnEnds.at(-1)),
      turnEnds,
      compressCalls,
      conversationCharacters,
      retained,
      shape,
      turnBatches: conversation.batches,
      elapsedMs,
    };
  } finally {
    await server.close();
  }
}
