import { ChatAnthropic } from '../../packages/langchain/node_modules/@langchain/anthropic/dist/index.js';
import { tool } from '../../packages/langchain/node_modules/@langchain/core/dist/tools/index.js';
import {
  type AgentMiddleware,
  anthropicPromptCachingMiddleware,
  createAgent,
} from '../../packages/langchain/node_modules/langchain/dist/index.js';
import {
  type ConversationOptimizerOptions,
  contextOptimizerMiddleware,
  createRetrieveTool,
} from '../../packages/langchain/src/index.ts';
import { LocalContextOptimizer } from '../../packages/local/src/index.ts';
import { type ConversationRecord, recordingOptimizer } from './cost-conversation-ai-sdk.ts';
import { lookupReply, startFakeAnthropic } from './fake-anthropic.ts';
import {
  type AgentConversation,
  type LateQuestion,
  lookupResult,
  promptShows,
  SYSTEM_PROMPT,
} from './lookup-agent.ts';

export interface LangChainCostVariant {
  /** `undefined`: the agent without the middleware. */
  middleware?: ConversationOptimizerOptions;
  retrieve?: boolean;
  /**
   * The app adds LangChain's `anthropicPromptCachingMiddleware`, which marks the end of
   * each prompt for Anthropic's cache, as an app without ctxopt's block mode does.
   */
  appCaching?: boolean;
  /** Middleware the app adds after ctxopt's (LangChain's context editing or summarization). */
  peerMiddleware?: () => AgentMiddleware[];
  /** The calls a summarizer made beside the agent's, read after the run. */
  sideCalls?: () => { prompt: string; answer: string }[];
}

const textOf = (content: unknown) =>
  typeof content === 'string' ? content : JSON.stringify(content);

/**
 * The same lookup agent as the AI SDK run, through `createAgent` with `@langchain/anthropic`'s
 * `ChatAnthropic` against the loopback fake of Anthropic's Messages API: the requests carry
 * the cache breakpoints the app's middleware placed, and are priced by them.
 */
export async function runLangChainConversation(
  variant: LangChainCostVariant,
  conversation: AgentConversation,
  questions: readonly LateQuestion[],
): Promise<ConversationRecord> {
  const { shape } = conversation;
  const { optimizer, sent } = recordingOptimizer(new LocalContextOptimizer());
  const server = await startFakeAnthropic(lookupReply(variant.retrieve === true));
  const calls = server.calls;
  try {
    const lookup = tool(async ({ batch }: { batch: number }) => lookupResult(batch, shape), {
      name: 'lookup',
      description: 'Looks up the orders of a batch.',
      schema: {
        type: 'object',
        properties: { batch: { type: 'integer' } },
        required: ['batch'],
      } as never,
    });
    const store = variant.middleware?.store;
    const agent = createAgent({
      model: new ChatAnthropic({
        model: 'claude-sonnet-4-5',
        apiKey: 'sk-ant-bench',
        anthropicApiUrl: server.origin,
        maxRetries: 0,
      }),
      tools:
        variant.retrieve && store ? [lookup, createRetrieveTool({ store, optimizer })] : [lookup],
      systemPrompt: SYSTEM_PROMPT,
      middleware: [
        ...(variant.middleware
          ? [contextOptimizerMiddleware({ optimizer, ...variant.middleware })]
          : []),
        ...(variant.peerMiddleware?.() ?? []),
        ...(variant.appCaching ? [anthropicPromptCachingMiddleware()] : []),
      ],
    });
    let messages: unknown[] = [];
    const turnEnds: number[] = [];
    // A graph step is a model call, a tool run or a middleware's own node (summarization
    // adds one before each model call): up to four a loop step, and room to spare.
    const recursionLimit = conversation.maxSteps * 4 + 10;
    const started = performance.now();
    let stalledTurns = 0;
    for (const question of conversation.questions) {
      const turn = [...(messages as never[]), { role: 'user', content: question }];
      try {
        const state = await agent.invoke({ messages: turn }, { recursionLimit });
        messages = state.messages;
      } catch (error) {
        // An agent whose loop never ends (it lost track of its own steps) stops at the
        // recursion limit; the turn counts as stalled and the history keeps its question.
        if ((error as { lc_error_code?: string }).lc_error_code !== 'GRAPH_RECURSION_LIMIT')
          throw error;
        stalledTurns++;
        messages = turn;
      }
      turnEnds.push(calls.length);
    }
    const elapsedMs = performance.now() - started;
    const conversationCharacters =
      SYSTEM_PROMPT.length +
      (messages as { content: unknown; tool_calls?: unknown[] }[]).reduce(
        (sum, message) =>
          sum +
          textOf(message.content).length +
          (message.tool_calls?.length ? JSON.stringify(message.tool_calls).length : 0),
        0,
      );
    const compressCalls = [...sent];
    const retained: boolean[] = [];
    for (const late of questions) {
      const from = calls.length;
      await agent.invoke({
        messages: [...(messages as never[]), { role: 'user', content: late.question }],
      });
      retained.push(calls.slice(from).some((call) => promptShows(call.text, late.fact)));
    }
    return {
      calls: calls.slice(0, turnEnds.at(-1)),
      turnEnds,
      compressCalls,
      conversationCharacters,
      retained,
      shape,
      turnBatches: conversation.batches,
      elapsedMs,
      stalledTurns,
      ...(variant.sideCalls ? { sideCalls: variant.sideCalls() } : {}),
    };
  } finally {
    await server.close();
  }
}
