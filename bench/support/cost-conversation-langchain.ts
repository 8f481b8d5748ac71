import type { CompressParams, ContextOptimizer } from '../../packages/core/src/index.ts';
import { tool } from '../../packages/langchain/node_modules/@langchain/core/dist/tools/index.js';
import { ChatOpenAI } from '../../packages/langchain/node_modules/@langchain/openai/dist/index.js';
import { createAgent } from '../../packages/langchain/node_modules/langchain/dist/index.js';
import {
  type ConversationOptimizerOptions,
  contextOptimizerMiddleware,
  createRetrieveTool,
} from '../../packages/langchain/src/index.ts';
import { LocalContextOptimizer } from '../../packages/local/src/index.ts';
import { startFakeOpenAIChat } from '../../test/support/fake-openai-chat.ts';
import type { ConversationRecord } from './cost-conversation-ai-sdk.ts';
import type { RecordedCall } from './fake-anthropic.ts';
import {
  type LateQuestion,
  lookupResult,
  SYSTEM_PROMPT,
  scriptedReply,
  turnQuestion,
} from './lookup-agent.ts';

export interface LangChainCostVariant {
  /** `undefined`: the agent without the middleware. */
  middleware?: ConversationOptimizerOptions;
  retrieve?: boolean;
}

const textOf = (content: unknown) =>
  typeof content === 'string' ? content : JSON.stringify(content);

/**
 * The same lookup agent as the AI SDK run, through `createAgent` with `@langchain/openai`'s
 * `ChatOpenAI` against a loopback fake of OpenAI's Chat Completions API. Each request's
 * messages are the blocks the pricing sees (no cache markers: OpenAI caches by itself).
 */
export async function runLangChainConversation(
  variant: LangChainCostVariant,
  turns: number,
  questions: readonly LateQuestion[],
): Promise<ConversationRecord> {
  const engine = new LocalContextOptimizer();
  const sent: CompressParams[] = [];
  const optimizer: ContextOptimizer = {
    compress: (params, options) => {
      sent.push(params);
      return engine.compress(params, options);
    },
    generate: (params, options) => engine.generate(params, options),
  };
  const calls: RecordedCall[] = [];
  let ids = 0;
  const api = await startFakeOpenAIChat((_index, request) => {
    const blocks = request.messages.map((message) => `${message.role}:${JSON.stringify(message)}`);
    const text = blocks.join('\n');
    calls.push({
      body: { model: request.model, messages: [] },
      prompt: { blocks, breakpoints: [blocks.length - 1] },
      text,
    });
    const lastUser = textOf(
      request.messages.findLast((message) => message.role === 'user')?.content,
    );
    const reply = scriptedReply(
      text,
      lastUser,
      request.messages.at(-1)?.role === 'tool',
      variant.retrieve === true,
    );
    return 'text' in reply
      ? reply
      : {
          toolCalls: reply.toolCalls.map((call) => ({
            id: `call_${++ids}`,
            name: call.name,
            arguments: call.input,
          })),
        };
  });
  const requests = api.requests;
  try {
    const lookup = tool(async ({ batch }: { batch: number }) => lookupResult(batch), {
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
      model: new ChatOpenAI({
        model: 'gpt-4o-mini',
        apiKey: 'sk-bench',
        configuration: { baseURL: api.baseURL },
      }),
      tools: variant.retrieve && store ? [lookup, createRetrieveTool({ store })] : [lookup],
      systemPrompt: SYSTEM_PROMPT,
      middleware: variant.middleware
        ? [contextOptimizerMiddleware({ optimizer, ...variant.middleware })]
        : [],
    });
    let messages: unknown[] = [];
    const turnEnds: number[] = [];
    for (let turn = 1; turn <= turns; turn++) {
      const state = await agent.invoke({
        messages: [...(messages as never[]), { role: 'user', content: turnQuestion(turn) }],
      });
      messages = state.messages;
      turnEnds.push(calls.length);
    }
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
      retained.push(calls.slice(from).some((call) => call.text.includes(late.fact)));
    }
    const conversationCalls = calls.slice(0, turnEnds.at(-1));
    return {
      calls: conversationCalls,
      turnEnds,
      compressCalls,
      conversationCharacters,
      retained,
      brokenToolPairs: requests
        .slice(0, turnEnds.at(-1))
        .filter((request) =>
          request.messages.some((message, index) =>
            (message.tool_calls ?? []).some(
              (call) =>
                !request.messages.slice(index + 1).some((later) => later.tool_call_id === call.id),
            ),
          ),
        ).length,
    };
  } finally {
    await api.close();
  }
}
